import type { SignApiDocument, SignApiQuoteStatus } from '@ouvrage/contracts';
import type { QuoteHeadline } from '../quotes';
import type { SignatureDocumentRow, SignatureSignerRow } from '../signature';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function documentView(doc: SignatureDocumentRow, signers: SignatureSignerRow[]): SignApiDocument {
  return {
    id: doc.id,
    kind: doc.kind,
    quote_id: doc.quoteId,
    project_id: doc.projectId,
    title: doc.title,
    file_name: doc.fileName,
    provider: doc.provider,
    agreement_id: doc.agreementId,
    status: doc.status,
    signers: signers.map((s) => ({ name: s.name, email: s.email, status: s.status, signed_at: iso(s.signedAt) })),
    created_at: doc.createdAt.toISOString(),
    sent_at: iso(doc.sentAt),
    signed_at: iso(doc.signedAt),
  };
}

export function quoteStatusView(doc: SignatureDocumentRow, quote: QuoteHeadline): SignApiQuoteStatus {
  return {
    quote_id: quote.id,
    quote_label: quote.label,
    quote_title: quote.title,
    document_id: doc.id,
    document_status: doc.status,
    provider: doc.provider,
    sent_at: iso(doc.sentAt),
    signed_at: iso(doc.signedAt),
  };
}
