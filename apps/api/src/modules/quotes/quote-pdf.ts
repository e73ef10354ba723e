import type { Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { AppError, notFound } from '../../lib/errors';
import { readStoredFile } from '../../lib/stored-files';
import type { MailAttachment } from '../mail';
import { originalPdf } from '../originals';
import { renderQuotePdf, renderQuotePdfWithBox, type QuotePdfInput } from '../pdf';
import { insurancesOf } from '../professionals';
import { quoteDetail } from './quote-views';
import * as repo from './repository';
import { printedScheduleOf } from './payment-schedule-seam';
import { effectiveSettings } from './settings';

/** The kind of mail attachment a sent quote's mail names; resolved when the mail goes out. */
export const QUOTE_PDF_ATTACHMENT = 'quote-pdf';

/** The logo's bytes; a logo file gone missing prints no logo rather than refusing the document. */
async function logoIfPresent(deps: AppDeps, path: string, mime: string): Promise<QuotePdfInput['logo']> {
  try {
    return { bytes: await readStoredFile(deps.storage, path), mime };
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

/**
 * What the renderer needs: the quote as its detail shows it, the logo (the quote's own copy once
 * sent, the settings' while a draft) and the issuer's insurance certificates, printed as annexes.
 */
export async function quotePdfInput(deps: AppDeps, id: number, caller: Caller): Promise<QuotePdfInput> {
  const row = await repo.findQuote(deps.db, id);
  if (!row) throw notFound('Ce devis est introuvable.');
  const quote = await quoteDetail(deps, deps.db, row, caller);
  let logo: QuotePdfInput['logo'] = null;
  if (row.status !== 'Brouillon') {
    if (row.logoPath) logo = await logoIfPresent(deps, row.logoPath, row.logoMime ?? 'image/png');
  } else {
    const settings = await effectiveSettings(deps.db, row.issuerId);
    if (settings.logo) logo = await logoIfPresent(deps, settings.logo.path, settings.logo.mime);
  }
  const certificates: QuotePdfInput['certificates'] = [];
  for (const insurance of await insurancesOf(deps.db, row.issuerId)) {
    if (!insurance.certificatePath || (insurance.kind !== 'decennale' && insurance.kind !== 'rc_pro')) continue;
    certificates.push({
      kind: insurance.kind,
      name: insurance.certificateName ?? `attestation-${insurance.kind}`,
      mime: insurance.certificateMime ?? 'application/pdf',
      bytes: await readStoredFile(deps.storage, insurance.certificatePath, 'L’attestation d’assurance est introuvable sur le serveur.'),
    });
  }
  return { quote, logo, certificates, generatedAt: deps.clock.now(), schedule: await printedScheduleOf(deps, deps.db, id) };
}

export const quotePdfName = (number: string | null, version: number) => `devis-${number ?? 'brouillon'}${version > 1 ? `-v${version}` : ''}.pdf`;

/**
 * The quote version's PDF: a draft as it reads now (dated today, marked non-contractual); a sent
 * version's stored original, the same bytes at every download whatever changed since (decision 1020).
 */
export async function quotePdf(deps: AppDeps, id: number, caller: Caller): Promise<{ bytes: Buffer; name: string }> {
  const row = await repo.findQuote(deps.db, id);
  if (!row) throw notFound('Ce devis est introuvable.');
  if (row.status === 'Brouillon') {
    const input = await quotePdfInput(deps, id, caller);
    return { bytes: await renderQuotePdf(input), name: quotePdfName(input.quote.number, input.quote.version) };
  }
  return { bytes: await originalPdf(deps, 'quote', id), name: quotePdfName(row.number, row.version) };
}

/**
 * A sent version as sent (decision 1021): rendered once, right after the sending commits, into its
 * stored original, as its issuer sees it and dated when it was sent. The version the client signs
 * (options taken) is the signature document's own stored original.
 */
export async function renderSentQuote(deps: AppDeps, id: number): Promise<Buffer> {
  const row = await repo.findQuote(deps.db, id);
  if (!row) throw notFound('Ce devis est introuvable.');
  if (row.status === 'Brouillon' || !row.sentAt) throw new Error(`Le devis ${id} n’a pas été envoyé : il n’a pas d’original.`);
  const input = await quotePdfInput(deps, id, { id: row.issuerId, user_type: 'architecte', is_validate: 'Validé' });
  return renderQuotePdf({ ...input, generatedAt: row.sentAt });
}

/** The PDF and where its client signs (the signature document's box, decision 0643). */
export async function quotePdfWithBox(deps: AppDeps, id: number, caller: Caller) {
  const input = await quotePdfInput(deps, id, caller);
  const { bytes, signatureBox } = await renderQuotePdfWithBox(input);
  return { bytes, signatureBox, name: quotePdfName(input.quote.number, input.quote.version) };
}

/** The PDF a queued mail attaches: the sent version's stored original. */
export function quotePdfAttachment(deps: AppDeps) {
  return async (ref: string): Promise<MailAttachment> => {
    const row = await repo.findQuote(deps.db, Number(ref));
    if (!row) throw new Error(`Devis ${ref} introuvable pour la pièce jointe`);
    const { bytes, name } = await quotePdf(deps, row.id, { id: row.issuerId, user_type: 'architecte', is_validate: 'Validé' });
    return { filename: name, content: bytes, contentType: 'application/pdf' };
  };
}
