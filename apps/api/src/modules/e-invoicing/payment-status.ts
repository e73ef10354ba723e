import { buildCdarStatus, type CdarPaidAmount } from '@ouvrage/domain';
import type { Executor } from '@ouvrage/db';
import { PaPermanentError } from '../../adapters/e-invoicing/pa-client';
import type { AppDeps } from '../../lib/deps';
import type { JobContext } from '../../lib/ports';
import { enqueue } from '../jobs';
import * as repo from './repository';
import { issuerPaConnection } from './settings';

/**
 * « Encaissée » goes back (decision 1212): a confirmed payment of an e-invoiced invoice is sent to
 * the issuer's PA as a CDAR 212 status with the amount, once per payment — the status row is keyed
 * by the payment and written in the confirming transaction, its job by the same key, and the job
 * stops once the row says sent.
 */

export const PAID_STATUS_JOB = 'e-invoicing.paid';

/** In the payment's confirming transaction: nothing unless the invoice was e-invoiced. */
export async function queuePaidStatus(tx: Executor, input: { paymentId: number; invoiceId: number; amountCents: number }): Promise<boolean> {
  const sub = await repo.submissionOfInvoice(tx, input.invoiceId);
  if (!sub) return false;
  const row = await repo.insertPaymentStatus(tx, { paymentId: input.paymentId, submissionId: sub.id, amountCents: input.amountCents });
  if (row) await enqueue(tx, { kind: PAID_STATUS_JOB, payload: { paymentId: input.paymentId }, idempotencyKey: `payment:${input.paymentId}`, maxAttempts: 8 });
  return true;
}

/** The amount split over the invoice's TVA rates in proportion to their TTC (the last rate takes the rounding). */
export function paidByRate(amountCents: number, ttcByRate: Array<{ rateBp: number; ttcCents: number }>): CdarPaidAmount[] {
  const rates = ttcByRate.filter((r) => r.ttcCents > 0);
  const total = rates.reduce((s, r) => s + r.ttcCents, 0);
  if (rates.length === 0 || total === 0) return [{ amountCents, vatRateBp: 2000 }];
  let left = amountCents;
  return rates.map((r, i) => {
    const share = i === rates.length - 1 ? left : Math.round((amountCents * r.ttcCents) / total);
    left -= share;
    return { amountCents: share, vatRateBp: r.rateBp };
  });
}

export async function runPaidStatus(deps: AppDeps, paymentId: number, job: Pick<JobContext, 'attempt' | 'maxAttempts'>): Promise<void> {
  const status = await repo.findPaymentStatus(deps.db, paymentId);
  if (!status || status.state !== 'pending') return;
  const sub = await repo.findSubmission(deps.db, status.submissionId);
  if (!sub) return;
  // The invoice must have reached the PA first: its own job is still trying; come back later.
  if (sub.state === 'pending') throw new Error(`La facture ${sub.documentNumber} n’est pas encore déposée : l’encaissement attend.`);
  const conn = await issuerPaConnection(deps, deps.db, sub.issuerId);
  if (!conn || sub.state === 'failed') {
    await repo.updatePaymentStatus(deps.db, paymentId, { state: 'failed', lastError: 'La facture n’a pas été déposée sur une plateforme agréée.' });
    return;
  }
  const facts = sub.documentFacts;
  const trackingId = `${sub.documentNumber}-ENC-${paymentId}`;
  const xml = buildCdarStatus({
    messageId: trackingId,
    issuedAt: deps.clock.now(),
    invoice: {
      number: sub.documentNumber,
      issueDate: facts.issueDate ?? deps.clock.now().toISOString().slice(0, 10),
      sellerSiren: facts.sellerSiren ?? '',
      buyerSiren: facts.buyerSiren ?? undefined,
      typeCode: facts.typeCode,
      buyerRoutingAddress: facts.buyerRoutingAddress ?? undefined,
    },
    code: 212,
    senderRole: 'seller',
    amountCents: status.amountCents,
    paidByRate: paidByRate(status.amountCents, facts.ttcByRate ?? []),
  });
  await repo.updatePaymentStatus(deps.db, paymentId, { attempts: status.attempts + 1 });
  try {
    const { flowId } = await deps.paClient.submitFlow(
      conn,
      { name: `${trackingId}.xml`, trackingId, flowSyntax: 'CDAR', processingRule: 'B2B' },
      { fileName: `${trackingId}.xml`, content: Buffer.from(xml, 'utf8'), contentType: 'application/xml' },
    );
    await repo.updatePaymentStatus(deps.db, paymentId, { state: 'sent', flowId, lastError: null, sentAt: deps.clock.now() });
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    if (error instanceof PaPermanentError && error.status === 409) {
      // Already received under this tracking id: an earlier attempt got through.
      await repo.updatePaymentStatus(deps.db, paymentId, { state: 'sent', lastError: null, sentAt: deps.clock.now() });
      return;
    }
    if (error instanceof PaPermanentError || job.attempt >= job.maxAttempts) {
      await repo.updatePaymentStatus(deps.db, paymentId, { state: 'failed', lastError: reason });
      return;
    }
    await repo.updatePaymentStatus(deps.db, paymentId, { lastError: reason });
    throw error;
  }
}
