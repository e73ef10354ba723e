import type { Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { forbidden, refuse } from '../../lib/errors';
import { notify } from '../notifications';
import { documentSubject, type SignatureCompletionHook } from '../signature';
import { findUsers } from '../users';
import { checkAvenantApplies } from './avenant-rules';
import { avenantNotFound, contextOf } from './avenant-views';
import { avenantPdf } from './avenant-pdf';
import * as repo from './repository';

/**
 * The avenant as a signature document (decision 1220): kind `avenant`, its subject the avenant,
 * signed by the quote's client in the app through the signature module's flow — the same code by
 * e-mail, reading, drawing, audit page and platform seal as a quote. At each step the quote is
 * locked and the avenant's rules are checked again against the contract as it stands. Its
 * completion — run once by the signature core under the document's lock — marks it signed and tells the
 * issuer, once; from then on `quoteInvoicingFacts` reads the contract with it.
 */

export const notSignable = (status: string) => refuse('AVENANT_NOT_SIGNABLE', `Cet avenant ne peut pas être signé (statut : ${status}).`, { status });

export const avenantSubject = documentSubject({
  kind: 'avenant',
  async lock(tx, id) {
    if (!(await repo.lockAvenant(tx, id))) throw avenantNotFound();
  },
  async lockSignable(deps: AppDeps, tx, caller: Caller, id: number) {
    const found = await repo.findAvenant(tx, id);
    if (!found) throw avenantNotFound();
    const ctx = await contextOf(deps, tx, found.quoteId, { lock: true });
    const row = await repo.lockAvenant(tx, id);
    if (!row) throw avenantNotFound();
    if (row.clientId !== caller.id) throw forbidden('Seul le client du devis signe ses avenants.');
    if (row.status !== 'Envoyé') throw notSignable(row.status);
    await checkAvenantApplies(tx, ctx, row);
  },
  async source(deps, id) {
    const { row, quote, pdf, signatureBox, label, fileName } = await avenantPdf(deps, id);
    const [client] = await findUsers(deps.db, [row.clientId]);
    if (!client) throw avenantNotFound();
    return {
      projectId: row.projectId,
      ownerId: row.issuerId,
      title: `Avenant ${label} — devis ${quote.label}`,
      subjectLabel: label,
      fileName,
      pdf,
      signatureBox,
      signers: [{ userId: client.id, name: `${client.firstname} ${client.lastname}`.trim() || client.email, email: client.email }],
    };
  },
});

/** The signed avenant completes: it amends the contract from now on — once (a second completion finds it signed). */
export const completeAvenantSignature: SignatureCompletionHook = async (deps, tx, doc, at) => {
  if (doc.subjectId === null) return;
  const found = await repo.findAvenant(tx, doc.subjectId);
  if (!found) throw avenantNotFound();
  // The quote first, as every avenant and invoice change does: signatures and invoices of one quote go in turn.
  const ctx = await contextOf(deps, tx, found.quoteId, { lock: true });
  await repo.lockAvenant(tx, found.id);
  if (!(await repo.markSigned(tx, found.id, at))) return;
  await notify(tx, deps, {
    userId: found.issuerId,
    kind: 'avenant_signed',
    params: { number: found.number ?? '', name: ctx.quote.client.name },
    link: `/devis/${found.quoteId}`,
  });
};
