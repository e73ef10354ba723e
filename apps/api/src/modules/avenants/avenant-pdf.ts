import type { Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { renderAvenantPdf } from '../pdf';
import { signedSubjectPdf } from '../signature';
import { amountsOf, avenantNotFound, contextOf } from './avenant-views';
import * as repo from './repository';

/** The avenant's PDF from committed data: its lines, the contract before it, the change and the new contract (decision 1220). */
export async function avenantPdf(deps: AppDeps, id: number) {
  const row = await repo.findAvenant(deps.db, id);
  if (!row) throw avenantNotFound();
  const ctx = await contextOf(deps, deps.db, row.quoteId, { lock: false });
  const { quote } = ctx;
  const { pdf, signatureBox } = await renderAvenantPdf({
    issuer: quote.issuer,
    client: { name: quote.client.name, address: quote.client.address },
    siteAddress: quote.siteAddress,
    projectTitle: quote.project.title,
    quoteLabel: quote.label,
    quoteTitle: quote.title,
    quoteValidatedAt: quote.validatedAt,
    number: row.number,
    title: row.title,
    reason: row.reason,
    delayDays: row.delayDays,
    lots: row.lots.map((lot) => ({ ...lot, printedTitle: lot.lotIndex === null ? lot.title : (quote.lots[lot.lotIndex]?.title ?? lot.title) })),
    amounts: amountsOf(ctx, row),
    paymentTerms: quote.paymentTerms,
    latePenaltyBp: quote.latePenaltyBp,
    consumer: quote.project.typeClient !== 'entreprise',
    urgentRepair: quote.urgentRepair,
    issuedAt: row.sentAt ?? row.updatedAt,
  });
  const label = row.number ?? `${quote.label}-brouillon`;
  return { row, quote, pdf, signatureBox, label, fileName: `avenant-${label}.pdf` };
}

/** `GET /api/avenants/{id}/pdf`: the sealed PDF once signed, otherwise the avenant as it reads now. A client never reads a draft. */
export async function avenantFile(deps: AppDeps, caller: Caller, id: number): Promise<{ bytes: Buffer; name: string }> {
  const row = await repo.findAvenant(deps.db, id);
  if (!row || (row.status === 'Brouillon' && caller.user_type !== 'admin' && caller.id !== row.issuerId)) throw avenantNotFound();
  const signed = await signedSubjectPdf(deps, 'avenant', id);
  if (signed) return signed;
  const { pdf, fileName } = await avenantPdf(deps, id);
  return { bytes: pdf, name: fileName };
}
