import type { DgdDocument, DgdView, EstablishDgdBody } from '@ouvrage/contracts';
import {
  calendarDate,
  DGD_ERRORS,
  dgdAccount,
  dgdRefusal,
  formatDgdNumber,
  type Caller,
  type DgdAccount,
  type DgdPenalty,
  type RateAmount,
} from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { forbidden, refuse, refused } from '../../lib/errors';
import { pendingAvenantCount, signedAvenantsOf } from '../avenants';
import { quoteAccountFacts } from '../invoices';
import { notify } from '../notifications';
import { queueOriginal } from '../originals';
import type { QuoteInvoicingFacts } from '../quotes';
import { receptionOfQuote, type QuoteReceptionFacts } from '../reception';
import { dgdView, isIssuerSide, quoteContext } from './dgd-views';
import * as repo from './repository';

const byRate = (list: readonly RateAmount[]) => list.map((r) => ({ rate_bp: r.rateBp, base_cents: r.baseCents, tva_cents: r.tvaCents }));
const part = (p: DgdAccount['contract']) => ({
  by_rate: byRate(p.byRate),
  totals: { total_ht_cents: p.totals.totalHtCents, total_tva_cents: p.totals.totalTvaCents, total_ttc_cents: p.totals.totalTtcCents },
});

/** Every figure as established, frozen in the row: printed and shown as issued. */
function documentOf(
  q: QuoteInvoicingFacts,
  reception: QuoteReceptionFacts,
  account: DgdAccount,
  facts: Awaited<ReturnType<typeof quoteAccountFacts>>,
  penalties: DgdPenalty[],
  note: string,
): DgdDocument {
  return {
    issuer: q.issuer,
    client: { name: q.client.name, address: q.client.address },
    site_address: q.siteAddress,
    project: { id: q.project.id, title: q.project.title },
    quote: { id: q.id, label: q.label, title: q.title, validated_at: q.validatedAt?.toISOString() ?? null },
    reception: { date: reception.receptionDate, with_reservations: reception.reservations > 0 },
    original: part(account.original),
    avenants: account.avenants.map((a) => ({ number: a.number, change_ht_cents: a.changeHtCents, change_ttc_cents: a.changeTtcCents })),
    contract: part(account.contract),
    invoices: facts.invoices.map((i) => ({
      number: i.number,
      kind: i.kind,
      issue_date: i.issueDate,
      total_ttc_cents: i.totalTtcCents,
      credited_cents: i.creditedCents,
      retention_cents: i.retentionCents,
      paid_cents: i.paidCents,
    })),
    credit_notes: facts.creditNotes.map((c) => ({
      number: c.number,
      invoice_number: c.invoiceNumber,
      issue_date: c.issueDate,
      total_ttc_cents: c.totalTtcCents,
    })),
    penalties: penalties.map((p) => ({ label: p.label, amount_cents: p.amountCents })),
    note,
    account: {
      invoiced_cents: account.invoicedCents,
      credited_cents: account.creditedCents,
      net_invoiced_cents: account.netInvoicedCents,
      paid_cents: account.paidCents,
      penalties_cents: account.penaltiesCents,
      due_cents: account.dueCents,
      balance_cents: account.balanceCents,
      balance_now_cents: account.balanceNowCents,
    },
    retention: {
      withheld_cents: account.retention.withheldCents,
      held_cents: account.retention.heldCents,
      release_date: account.retention.releaseDate,
      released_on: account.retention.releasedOn,
    },
  };
}

/**
 * Establish the final account of a validated quote (decision 1222), in one transaction: the quote
 * locked (invoices, avenants and DGDs of one quote go one after the other), then its invoices (an
 * avoir or a payment waits); the rules checked inside the locks — réception signed, no avenant
 * waiting for an answer, no DGD open, everything invoiced — the account computed by the domain,
 * the number `D-2026-0005-DGD` taken last (per quote, gapless), every figure frozen in the row and
 * its PDF stored once after the commit.
 */
export async function establishDgd(deps: AppDeps, caller: Caller, quoteId: number, body: EstablishDgdBody): Promise<DgdView> {
  const view = await deps.db.transaction(async (tx) => {
    const { quote: q } = await quoteContext(deps, tx, quoteId, { lock: true });
    if (!isIssuerSide(caller, q)) throw forbidden('Seul l’émetteur du devis établit son décompte général définitif.');
    if (q.status !== 'Validé')
      throw refuse(DGD_ERRORS.quoteNotValidated, `Seul un devis validé en contrat a un décompte général définitif (statut : ${q.status}).`, {
        status: q.status,
      });
    const reception = await receptionOfQuote(tx, q.id);
    if (!reception?.signed)
      throw refuse(DGD_ERRORS.receptionMissing, 'Le décompte général définitif s’établit après la réception des travaux, son procès-verbal signé.');
    const pending = await pendingAvenantCount(tx, q.id);
    if (pending > 0)
      throw refuse(DGD_ERRORS.avenantPending, `${pending} avenant(s) attendent la réponse du client : le contrat peut encore changer.`, { count: pending });
    const open = await repo.openDgdOfQuote(tx, q.id);
    if (open)
      throw refuse(DGD_ERRORS.alreadyOpen, `Le décompte général définitif ${open.number} est déjà ${open.status === 'Accepté' ? 'accepté' : 'émis'}.`, {
        number: open.number,
        status: open.status,
      });
    const facts = await quoteAccountFacts(tx, q.id, { lock: true });
    const penalties = (body.penalties ?? []).map((p) => ({ label: p.label.trim(), amountCents: p.amount_cents }));
    const account = dgdAccount({
      originalLots: q.originalLots,
      retentionBp: q.retentionBp,
      avenants: await signedAvenantsOf(tx, q.id),
      invoices: facts.invoices,
      creditNotes: facts.creditNotes,
      penalties,
      receptionDate: calendarDate(reception.receptionDate),
      retentionReleasedOn: facts.retentionReleasedOn,
    });
    const rule = dgdRefusal(account, penalties);
    if (rule) throw refused(rule);
    const sequence = await repo.nextSequence(tx, q.id);
    const now = deps.clock.now();
    const row = await repo.insertDgd(tx, {
      quoteId: q.id,
      projectId: q.projectId,
      issuerId: q.issuerId,
      clientId: q.clientId,
      sequence,
      number: formatDgdNumber(q.number ?? q.label, sequence),
      status: 'Émis',
      document: documentOf(q, reception, account, facts, penalties, (body.note ?? '').trim()) as unknown as Record<string, unknown>,
      balanceCents: account.balanceCents,
      issuedBy: caller.id,
      issuedAt: now,
    });
    // Its PDF is stored once, as issued, right after the commit (decision 1020).
    await queueOriginal(tx, 'dgd', row.id);
    await notify(tx, deps, {
      userId: row.clientId,
      kind: 'dgd_established',
      params: { number: row.number, name: q.issuer.trade_name || q.issuer.name, title: q.title },
      link: `/devis/${q.id}`,
    });
    return dgdView(row, caller);
  });
  void deps.mailer.dispatch();
  return view;
}
