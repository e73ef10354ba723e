import { loadLibPdf } from '../../lib/lazy-deps';
import type { SealIdentity } from './seal-identity';

export interface SealOptions {
  /** Why the document is sealed, e.g. « Devis D-2026-0001 signé par Marie Dupont ». */
  reason: string;
  /** Where, e.g. « Ouvrage — plateforme en ligne ». */
  location: string;
  /** The signature field's name, e.g. « Cachet Ouvrage » (no dots: they separate field names). */
  name: string;
  /** The time claimed in the seal; now by default. */
  signingTime?: Date;
}

/**
 * One PAdES seal over the whole document (decision 0602): SubFilter ETSI.CAdES.detached, SHA-256,
 * a CAdES signed-attribute set with signing-certificate-v2 (PAdES B-B), written by @libpdf/core as
 * an incremental update, so the sealed file starts with the unchanged input bytes.
 */
export async function sealPdf(pdf: Buffer, identity: Pick<SealIdentity, 'signer'>, options: SealOptions): Promise<Buffer> {
  const { PDF } = await loadLibPdf();
  const doc = await PDF.load(new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  const { bytes } = await doc.sign({
    signer: identity.signer,
    reason: options.reason,
    location: options.location,
    fieldName: options.name.replace(/\./g, ' '),
    subFilter: 'ETSI.CAdES.detached',
    level: 'B-B',
    digestAlgorithm: 'SHA-256',
    signingTime: options.signingTime,
  });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
