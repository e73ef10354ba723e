import type { QuoteDetail } from '@ouvrage/contracts';
import { calendarDate, calendarDateAt, formatCalendarDate, quoteValidUntil, type SignatureBox } from '@ouvrage/domain';
import { type Certificate, drawAnnexes, drawWithdrawalForm, fillPdfAnnexes, prepareAnnexes } from './annexes';
import { openImage } from './images';
import { createDocument, finish, paletteOf } from './layout';
import { decoratePages } from './page-decorations';
import { DRAFT_MENTION, drawQuoteHeader } from './quote-header';
import { drawQuoteLines } from './quote-lines';
import { quoteNeeds } from './quote-mentions';
import { drawSignatureArea } from './quote-signature';
import { drawGeneralConditions, drawQuoteTerms } from './quote-terms';
import { drawQuoteSchedule, type QuoteSchedule } from './quote-schedule';
import { drawQuoteTotals } from './quote-totals';

export interface QuotePdfInput {
  quote: QuoteDetail;
  logo: { bytes: Buffer; mime: string } | null;
  certificates: Certificate[];
  generatedAt: Date;
  /** The payment schedule signed with the quote, when it has one (decision 1221). */
  schedule?: QuoteSchedule | null;
}

/**
 * The quote as a French A4 PDF with every mandatory mention (decision 0520), then its insurance
 * certificates as annexes. A draft is dated the day it is generated and marked non-contractual.
 */
export async function renderQuotePdf(input: QuotePdfInput): Promise<Buffer> {
  return (await renderQuotePdfWithBox(input)).bytes;
}

/** The quote's PDF and where its « Bon pour accord » signature area is (decision 0643). */
export async function renderQuotePdfWithBox(input: QuotePdfInput): Promise<{ bytes: Buffer; signatureBox: SignatureBox }> {
  const { quote } = input;
  const draft = quote.status === 'Brouillon';
  const issueDay = calendarDateAt(quote.sent_at ? new Date(quote.sent_at) : input.generatedAt);
  const validUntil = quote.valid_until ? calendarDate(quote.valid_until) : quoteValidUntil(issueDay, quote.validity_days);

  const doc = await createDocument({ title: `Devis ${quote.label}`, author: quote.issuer.name, subject: quote.title, createdAt: input.generatedAt });
  const palette = paletteOf(quote.accent_color);
  const logo = input.logo ? openImage(doc, input.logo.bytes, input.logo.mime, 'logo') : null;
  const annexes = await prepareAnnexes(doc, input.certificates);

  drawQuoteHeader(doc, quote, { issueDate: formatCalendarDate(issueDay), validUntil: formatCalendarDate(validUntil), draft, logo }, palette);
  drawQuoteLines(doc, quote, palette);
  // A schedule says when each payment is due: the settings' single deposit line would contradict it.
  const terms = input.schedule ? { ...quote, deposit_bp: 0, deposit_cents: 0 } : quote;
  drawQuoteTotals(doc, terms, palette);
  if (input.schedule) drawQuoteSchedule(doc, input.schedule, palette);
  drawQuoteTerms(doc, terms, palette, annexes.length > 0);
  const signatureBox = drawSignatureArea(doc, quote, palette);
  drawGeneralConditions(doc, quote, palette);
  if (quoteNeeds(quote, 'devis.withdrawal_form')) drawWithdrawalForm(doc, quote, palette);
  const placements = drawAnnexes(doc, annexes, palette);
  decoratePages(doc, {
    footer: `${quote.issuer.name}${quote.issuer.siret ? ` · SIRET ${quote.issuer.siret}` : ''} · Devis ${quote.label}`,
    watermark: draft ? DRAFT_MENTION : null,
  });

  const bytes = await finish(doc);
  return { bytes: placements.length ? await fillPdfAnnexes(bytes, placements) : bytes, signatureBox };
}
