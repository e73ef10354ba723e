import type { TFunction } from 'i18next';
import type { InvoiceKind } from '@ouvrage/domain';
import { ltr } from './bidi';

/** What the API sends to name an invoice (decision 1206): its kind, a situation's rank, its quote's label. */
export interface InvoiceNameParts {
  kind: InvoiceKind;
  situation_index: number | null;
  quote_label: string;
}

/**
 * An invoice named in the reader's language: « Situation de travaux n° 2 — devis D-2026-0007 »,
 * "Progress invoice no. 2 — quote D-2026-0007". The stored French title is the legal document's
 * (PDF, mails); the screens compose this one. Shared by the invoices and payments features.
 */
export function invoiceName(t: TFunction, invoice: InvoiceNameParts): string {
  const kind =
    invoice.kind === 'situation' && invoice.situation_index
      ? t('invoices.situationNumber', { index: ltr(String(invoice.situation_index)) })
      : t(`invoices.kinds.${invoice.kind}`);
  return `${kind} — ${t('invoices.detail.onQuote', { quote: ltr(invoice.quote_label) })}`;
}
