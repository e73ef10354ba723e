import { loadLibPdf } from '../../lib/lazy-deps';
import { FACTURX_FILE_NAME } from '../pdf';

/**
 * The Factur-X XML carried by a stored original (decision 1021): the XML served or submitted on its
 * own is read out of the issued PDF, so that it is the one of the same issue, byte for byte.
 */
export async function embeddedFacturXml(pdf: Buffer): Promise<string> {
  const { PDF } = await loadLibPdf();
  const doc = await PDF.load(new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  for (const [name, info] of doc.getAttachments()) {
    if (info.filename !== FACTURX_FILE_NAME && name !== FACTURX_FILE_NAME) continue;
    const bytes = doc.getAttachment(name);
    if (bytes) return Buffer.from(bytes).toString('utf8');
  }
  throw new Error(`Le PDF archivé ne contient pas de ${FACTURX_FILE_NAME}.`);
}
