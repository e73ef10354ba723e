import type { z } from 'zod';
import type { confirmTransferBody, declareTransferBody, pendingTransfersQuery, TransferInstructions, TransferItem } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import { invoiceCreditorReference, todayInParis, type CalendarDate, type Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { forbidden, notFound, refuse } from '../../lib/errors';
import { invoicePaymentFacts, invoiceTransferFacts, lockInvoiceForPayment, type InvoiceTransferFacts } from '../invoices';
import { notify } from '../notifications';
import { activeAdmins, findUsers } from '../users';
import { confirmPayment } from './confirm-payment';
import * as payments from './repository';
import * as repo from './transfer-repository';
import { transferConfirmedClientMail, transferConfirmedIssuerMail, transferDeclaredAdminMail } from './transfer-mails';

/**
 * Bank transfers (decision 0731): the invoice's transfer instructions, the client's declaration
 * (a pending `virement` payment), the admin's confirmation of receipt through `confirmPayment`,
 * the one place a payment moves an invoice's paid amount.
 */

export const invoiceUrl = (deps: AppDeps, id: number) => `${deps.config.publicUrl}/facture/${id}`;
export const adminTransfersUrl = (deps: AppDeps) => `${deps.config.publicUrl}/facture/virements`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function transferItem(row: repo.TransferRow, facts: InvoiceTransferFacts | undefined): TransferItem {
  const { payment, transfer } = row;
  return {
    id: payment.id,
    invoice_id: payment.invoiceId,
    invoice_number: facts?.number ?? '',
    invoice_title: facts?.title ?? '',
    client_id: payment.clientId,
    client_name: facts?.clientName ?? '',
    issuer_name: facts?.issuerName ?? '',
    amount_cents: payment.amountCents,
    status: payment.status,
    reference: payment.reference,
    declared_on: transfer?.declaredOn ?? null,
    received_on: transfer?.receivedOn ?? null,
    created_at: payment.createdAt.toISOString(),
    confirmed_at: iso(payment.confirmedAt),
    left_to_pay_cents: facts?.leftCents ?? 0,
  };
}

async function factsOf(deps: AppDeps, db: Executor, invoiceId: number): Promise<InvoiceTransferFacts> {
  const facts = (await invoiceTransferFacts(db, [invoiceId], todayInParis(deps.clock))).get(invoiceId);
  if (!facts) throw notFound('Cette facture est introuvable.');
  return facts;
}

function refuseFutureDay(day: string, today: CalendarDate, field: string) {
  if (day > today)
    throw refuse('TRANSFER_DATE_IN_FUTURE', 'La date ne peut pas être dans le futur.', {}, { [field]: 'La date ne peut pas être dans le futur.' });
}

/** `GET api/facture/{id}/virement`: IBAN, BIC, RF reference, what is left, the transfers so far. */
export async function transferInstructions(deps: AppDeps, caller: Caller, invoiceId: number): Promise<TransferInstructions> {
  const facts = await factsOf(deps, deps.db, invoiceId);
  const rows = await repo.transfersOfInvoice(deps.db, invoiceId);
  const open = facts.leftCents > 0 && !facts.cancelled;
  // Declarations awaiting confirmation that already cover what is left: nothing more to declare.
  const declared = rows.filter((r) => r.payment.status === 'en_attente').reduce((sum, r) => sum + r.payment.amountCents, 0);
  return {
    invoice_id: facts.id,
    invoice_number: facts.number,
    beneficiary: facts.issuerName,
    iban: facts.iban,
    bic: facts.bic,
    reference: invoiceCreditorReference(facts),
    left_to_pay_cents: facts.leftCents,
    can_declare: open && declared < facts.leftCents && caller.user_type === 'client' && caller.id === facts.clientId,
    can_confirm: open && caller.user_type === 'admin',
    transfers: rows.map((r) => transferItem(r, facts)),
  };
}

/** `POST api/facture/{id}/virement`: the client says « J’ai effectué le virement ». */
export async function declareTransfer(deps: AppDeps, caller: Caller, invoiceId: number, body: z.output<typeof declareTransferBody>): Promise<TransferItem> {
  const today = todayInParis(deps.clock);
  refuseFutureDay(body.declared_on, today, 'declared_on');
  const item = await deps.db.transaction(async (tx) => {
    const locked = await lockInvoiceForPayment(tx, invoiceId);
    if (locked.clientId !== caller.id) throw forbidden('Seul le client de la facture peut déclarer son virement.');
    if (locked.cancelled)
      throw refuse('PAYMENT_INVOICE_CANCELLED', `La facture ${locked.number} est annulée : elle ne peut plus être payée.`, { number: locked.number });
    if (locked.leftCents <= 0) throw refuse('TRANSFER_NOTHING_LEFT', `La facture ${locked.number} est déjà entièrement payée.`, { number: locked.number });
    if (body.amount_cents > locked.leftCents) {
      throw refuse(
        'PAYMENT_OVER_DUE',
        `Le montant dépasse ce qui reste à payer sur la facture ${locked.number}.`,
        { number: locked.number, left_cents: locked.leftCents },
        { amount_cents: 'Le montant dépasse ce qui reste à payer.' },
      );
    }
    const reference = invoiceCreditorReference(locked);
    const payment = await payments.insertPayment(tx, {
      invoiceId,
      clientId: locked.clientId,
      issuerId: locked.issuerId,
      method: 'virement',
      status: 'en_attente',
      amountCents: body.amount_cents,
      reference,
      createdBy: caller.id,
      createdAt: deps.clock.now(),
    });
    await repo.insertTransfer(tx, { paymentId: payment.id, declaredOn: body.declared_on });
    const facts = await factsOf(deps, tx, invoiceId);
    for (const admin of await activeAdmins(tx)) {
      await deps.mailer.queue(tx, {
        to: admin.email,
        ...transferDeclaredAdminMail(
          admin.language,
          { number: locked.number, amountCents: body.amount_cents, declaredOn: body.declared_on as CalendarDate, reference },
          facts.clientName || 'Le client',
          adminTransfersUrl(deps),
        ),
      });
    }
    return transferItem({ payment, transfer: { paymentId: payment.id, declaredOn: body.declared_on, receivedOn: null, statementLineId: null } }, facts);
  });
  void deps.mailer.dispatch();
  return item;
}

/** `GET api/admin/virements`: declared transfers awaiting confirmation. */
export async function listPendingTransfers(deps: AppDeps, query: z.output<typeof pendingTransfersQuery>) {
  const { rows, total, total_capped } = await repo.pendingTransfers(deps.db, { limit: query.per_page, offset: (query.page - 1) * query.per_page });
  const facts = await invoiceTransferFacts(
    deps.db,
    rows.map((r) => r.payment.invoiceId),
    todayInParis(deps.clock),
  );
  return { items: rows.map((r) => transferItem(r, facts.get(r.payment.invoiceId))), total, total_capped, page: query.page, per_page: query.per_page };
}

/**
 * Applies a transfer received, inside the caller's transaction: the given pending payment (the
 * client's declaration) or a new one, confirmed for `amountCents` (refused above what is left or
 * on a cancelled invoice: the whole transaction rolls back), then the mails to client and issuer.
 */
export async function applyReceivedTransfer(
  deps: AppDeps,
  tx: Executor,
  options: { invoiceId: number; paymentId: number | null; amountCents: number; receivedOn: CalendarDate; by: number; statementLineId?: number | null },
): Promise<{ item: TransferItem; facts: InvoiceTransferFacts }> {
  let paymentId = options.paymentId;
  if (paymentId !== null) {
    const payment = await payments.lockPayment(tx, paymentId);
    if (!payment || payment.invoiceId !== options.invoiceId) throw notFound('Ce virement est introuvable sur cette facture.');
    if (payment.method !== 'virement') throw refuse('TRANSFER_NOT_A_TRANSFER', 'Ce paiement n’est pas un virement.');
    if (payment.status !== 'en_attente') throw refuse('TRANSFER_NOT_PENDING', 'Ce virement a déjà été traité.', { status: payment.status });
  } else {
    const invoice = await invoicePaymentFacts(tx, options.invoiceId);
    if (!invoice) throw notFound('Cette facture est introuvable.');
    const payment = await payments.insertPayment(tx, {
      invoiceId: invoice.id,
      clientId: invoice.clientId,
      issuerId: invoice.issuerId,
      method: 'virement',
      status: 'en_attente',
      amountCents: options.amountCents,
      reference: invoiceCreditorReference(invoice),
      createdBy: options.by,
      createdAt: deps.clock.now(),
    });
    paymentId = payment.id;
    await repo.insertTransfer(tx, { paymentId });
  }
  const confirmation = await confirmPayment(tx, paymentId, { at: deps.clock.now(), by: options.by, amountCents: options.amountCents });
  await repo.updateTransfer(tx, paymentId, {
    receivedOn: options.receivedOn,
    ...(options.statementLineId ? { statementLineId: options.statementLineId } : {}),
  });
  const facts = await factsOf(deps, tx, options.invoiceId);
  const row = await repo.findTransfer(tx, paymentId);
  if (confirmation.applied) {
    const people = await findUsers(tx, [facts.clientId, facts.issuerId]);
    const client = people.find((u) => u.id === facts.clientId);
    const issuer = people.find((u) => u.id === facts.issuerId);
    const mail = { number: facts.number, amountCents: options.amountCents, receivedOn: options.receivedOn, leftCents: facts.leftCents };
    const params = { number: facts.number, amount: options.amountCents };
    const link = `/facture/${facts.id}`;
    if (client)
      await notify(tx, deps, {
        userId: client.id,
        kind: 'payment_received',
        params,
        link,
        localizedMail: (language) => transferConfirmedClientMail(language, mail, { name: client.firstname }, invoiceUrl(deps, facts.id)),
      });
    if (issuer)
      await notify(tx, deps, {
        userId: issuer.id,
        kind: 'payment_received',
        params,
        link,
        localizedMail: (language) => transferConfirmedIssuerMail(language, mail, facts.clientName || 'Le client', invoiceUrl(deps, facts.id)),
      });
  }
  return { item: transferItem(row!, facts), facts };
}

/**
 * `POST api/valider-paiement-facture/{id}`: `{id}` is the invoice (the spec's « facture »), so one
 * route confirms the client's declaration (`payment_id`) or records a transfer received without one.
 */
export async function confirmTransfer(deps: AppDeps, caller: Caller, invoiceId: number, body: z.output<typeof confirmTransferBody>) {
  const today = todayInParis(deps.clock);
  refuseFutureDay(body.received_on, today, 'received_on');
  const result = await deps.db.transaction((tx) =>
    applyReceivedTransfer(deps, tx, {
      invoiceId,
      paymentId: body.payment_id,
      amountCents: body.amount_cents,
      receivedOn: body.received_on as CalendarDate,
      by: caller.id,
    }),
  );
  void deps.mailer.dispatch();
  return { transfer: result.item, invoice_status: result.facts.status };
}
