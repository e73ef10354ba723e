import { XMLParser } from 'fast-xml-parser';
import { loadLibPdf } from '../../../lib/lazy-deps';

/** The Factur-X attachment's name (Factur-X 1.0x, the name the invoices module writes). */
const FACTURX_ATTACHMENT = 'factur-x.xml';

/** The CII XML of a deposited file: the Factur-X PDF's attachment, or the XML itself. Throws a French message otherwise. */
export async function invoiceXmlOf(content: Buffer, contentType: string): Promise<string> {
  if (contentType !== 'application/pdf') return content.toString('utf8');
  const { PDF } = await loadLibPdf();
  let doc;
  try {
    doc = await PDF.load(new Uint8Array(content.buffer, content.byteOffset, content.byteLength));
  } catch {
    throw new Error('PDF illisible');
  }
  for (const [name, info] of doc.getAttachments()) {
    if (info.filename !== FACTURX_ATTACHMENT && name !== FACTURX_ATTACHMENT) continue;
    const bytes = doc.getAttachment(name);
    if (bytes) return Buffer.from(bytes).toString('utf8');
  }
  throw new Error(`le PDF ne contient pas de ${FACTURX_ATTACHMENT}`);
}

/** What a lifecycle message needs from the invoice: its number, date and parties' SIREN (when the CII carries them). */
export interface InvoiceHeader {
  number?: string;
  issueDate?: string;
  sellerSiren?: string;
  buyerSiren?: string;
  typeCode?: string;
}

type Node = Record<string, any>;
const textOf = (node: unknown): string | undefined => {
  const value = typeof node === 'object' && node !== null ? (node as Node)['#text'] : node;
  return value === undefined || value === null ? undefined : String(value).trim() || undefined;
};
const sirenOf = (party: Node | undefined) => {
  const id = textOf(party?.SpecifiedLegalOrganization?.ID);
  return id && /^\d{9}$/.test(id) ? id : undefined;
};

export function invoiceHeaderOf(xml: string): InvoiceHeader {
  try {
    const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false });
    const root = (parser.parse(xml) as Node).CrossIndustryInvoice as Node | undefined;
    if (!root) return {};
    const doc = root.ExchangedDocument as Node | undefined;
    const agreement = root.SupplyChainTradeTransaction?.ApplicableHeaderTradeAgreement as Node | undefined;
    const date = textOf(doc?.IssueDateTime?.DateTimeString);
    return {
      number: textOf(doc?.ID),
      issueDate: date && /^\d{8}$/.test(date) ? `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}` : undefined,
      typeCode: textOf(doc?.TypeCode),
      sellerSiren: sirenOf(agreement?.SellerTradeParty),
      buyerSiren: sirenOf(agreement?.BuyerTradeParty),
    };
  } catch {
    return {};
  }
}
