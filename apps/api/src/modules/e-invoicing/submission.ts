import { randomUUID } from 'node:crypto';
import type { EInvoiceSubmission } from '@ouvrage/contracts';
import type { EInvoiceDocumentFacts, Executor } from '@ouvrage/db';
import type { Caller } from '@ouvrage/domain';
import { PaPermanentError } from '../../adapters/e-invoicing/pa-client';
import type { AppDeps } from '../../lib/deps';
import type { JobContext } from '../../lib/ports';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { enqueue } from '../jobs';
import { originalPdf } from '../originals';
import { actionNeeded } from './action-notice';
import * as repo from './repository';
import { issuerPaConnection } from './settings';

/**
 * Sending an issued invoice or credit note through the issuer's PA (decision 1212). The submission
 * row and its job are written in the issuing transaction; the job sends the stored Factur-X
 * original (the bytes the client got) with trackingId = the document's number. A submission is
 * sent once: a second run of the job finds it submitted and stops; transient failures go back to
 * the queue's retries (backoff); a permanent one marks it failed with the PA's reason, retried
 * only when the architect asks.
 */

export const SUBMIT_JOB = 'e-invoicing.submit';
const SUBMIT_ATTEMPTS = 8;

const queueSubmit = (tx: Executor, submissionId: number, round: number | string) =>
  enqueue(tx, { kind: SUBMIT_JOB, payload: { submissionId }, idempotencyKey: `submission:${submissionId}:${round}`, maxAttempts: SUBMIT_ATTEMPTS });

/**
 * In the invoice's issuing transaction: an invoice to a business client (a SIREN) of an issuer
 * with a PA is e-invoiced (B2B); any other goes to e-reporting. Returns whether it was queued.
 */
export async function queueInvoiceSubmission(
  tx: Executor,
  input: { invoiceId: number; issuerId: number; number: string; facts: EInvoiceDocumentFacts },
): Promise<boolean> {
  if (!input.facts.buyerSiren) return false;
  const settings = await repo.findSettings(tx, input.issuerId);
  if (!settings || settings.paMode === 'none') return false;
  const row = await repo.insertSubmission(tx, {
    issuerId: input.issuerId,
    invoiceId: input.invoiceId,
    documentNumber: input.number,
    documentFacts: input.facts,
  });
  if (row) await queueSubmit(tx, row.id, 0);
  return true;
}

/**
 * In the credit note's transaction: an avoir on an e-invoiced invoice goes the same way. An avoir
 * that cancels what is left of a refused or disputed invoice is its correction: the invoice no
 * longer awaits an action (its new invoice, if any, is a submission of its own).
 */
export async function queueCreditNoteSubmission(
  tx: Executor,
  input: { creditNoteId: number; invoiceId: number; issuerId: number; number: string; issueDate: string; cancelsInvoice: boolean; at: Date },
): Promise<boolean> {
  const invoice = await repo.submissionOfInvoice(tx, input.invoiceId);
  if (!invoice) return false;
  if (input.cancelsInvoice && invoice.state === 'action') await repo.updateSubmission(tx, invoice.id, { state: 'done', updatedAt: input.at });
  const facts: EInvoiceDocumentFacts = { ...invoice.documentFacts, issueDate: input.issueDate, typeCode: '381' };
  const row = await repo.insertSubmission(tx, {
    issuerId: input.issuerId,
    creditNoteId: input.creditNoteId,
    documentNumber: input.number,
    documentFacts: facts,
  });
  if (row) await queueSubmit(tx, row.id, 0);
  return true;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000) || 'Erreur sans message.';

async function markFailed(deps: AppDeps, id: number, reason: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const sub = await repo.updateSubmission(tx, id, { state: 'failed', lastError: reason, updatedAt: deps.clock.now() });
    await actionNeeded(tx, deps, sub);
  });
}

/** The job: one attempt at sending the submission. Throws to be retried (transient failures only). */
export async function runSubmission(deps: AppDeps, submissionId: number, job: Pick<JobContext, 'attempt' | 'maxAttempts'>): Promise<void> {
  const sub = await repo.findSubmission(deps.db, submissionId);
  // Already sent (a second run), failed for good (the architect retries), or gone: nothing to do.
  if (!sub || sub.state !== 'pending') return;
  const conn = await issuerPaConnection(deps, deps.db, sub.issuerId);
  if (!conn) return markFailed(deps, sub.id, 'Aucune plateforme agréée n’est configurée pour cet émetteur.');
  const kind = sub.invoiceId !== null ? 'invoice' : 'credit-note';
  const pdf = await originalPdf(deps, kind, (sub.invoiceId ?? sub.creditNoteId)!);
  await repo.updateSubmission(deps.db, sub.id, { attempts: sub.attempts + 1, updatedAt: deps.clock.now() });
  try {
    const { flowId } = await deps.paClient.submitFlow(
      conn,
      { name: `${sub.documentNumber}.pdf`, trackingId: sub.documentNumber, flowSyntax: 'Factur-X', flowProfile: 'EN16931', processingRule: 'B2B' },
      { fileName: `${sub.documentNumber}.pdf`, content: pdf, contentType: 'application/pdf' },
    );
    await repo.updateSubmission(deps.db, sub.id, { state: 'submitted', flowId, lastError: null, updatedAt: deps.clock.now() });
  } catch (error) {
    if (error instanceof PaPermanentError && error.status === 409) {
      // The PA already holds a flow with this number: an earlier attempt got through and its answer was lost.
      await repo.updateSubmission(deps.db, sub.id, { state: 'submitted', lastError: null, updatedAt: deps.clock.now() });
      return;
    }
    if (error instanceof PaPermanentError) return markFailed(deps, sub.id, message(error));
    if (job.attempt >= job.maxAttempts) return markFailed(deps, sub.id, `La plateforme n’a pas répondu après ${job.attempt} essais : ${message(error)}`);
    await repo.updateSubmission(deps.db, sub.id, { lastError: message(error), updatedAt: deps.clock.now() });
    throw error;
  }
}

export function submissionAnswer(row: repo.EInvoiceSubmissionRow): EInvoiceSubmission {
  return {
    id: row.id,
    document: row.invoiceId !== null ? 'invoice' : 'credit-note',
    invoice_id: row.invoiceId,
    credit_note_id: row.creditNoteId,
    number: row.documentNumber,
    state: row.state,
    flow_id: row.flowId,
    last_code: row.lastCode,
    last_error: row.lastError,
    attempts: row.attempts,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The architect sends a failed submission again (after fixing the PA settings): back to pending, a new job. */
export async function retrySubmission(deps: AppDeps, caller: Caller, id: number): Promise<EInvoiceSubmission> {
  const row = await deps.db.transaction(async (tx) => {
    const sub = await repo.findSubmission(tx, id, { lock: true });
    if (!sub) throw notFound('Cet envoi est introuvable.');
    if (caller.user_type !== 'admin' && caller.id !== sub.issuerId) throw forbidden('Seul l’émetteur peut renvoyer ce document.');
    if (sub.state !== 'failed') throw conflict('Seul un envoi en échec peut être relancé.');
    const updated = await repo.updateSubmission(tx, sub.id, { state: 'pending', lastError: null, updatedAt: deps.clock.now() });
    await queueSubmit(tx, sub.id, `retry-${randomUUID()}`);
    return updated;
  });
  void deps.jobs.kick();
  return submissionAnswer(row);
}
