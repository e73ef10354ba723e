import type { AppDeps } from '../../lib/deps';
import { enqueue, type JobLog } from '../jobs';
import { completeSignatureDocument, findSignatureDocumentByAgreement, listSignatureDocuments, recordSignatureEvent } from '../signature';
import type { AcrobatSignClient, AgreementEvent, AgreementStatus } from './client';

export const SYNC_JOB = 'acrobat-sign.sync';
export const COMPLETE_JOB = 'acrobat-sign.complete';
export const POLL_JOB = 'acrobat-sign.poll';
export const PROVIDER = 'acrobat-sign';
/** Documents re-read per poll at most (newest first); more waiting means something else is wrong. */
const POLL_LIMIT = 1000;

/**
 * Re-read an agreement from Acrobat Sign (after a notification, or by the poll) and, once it is
 * SIGNED, queue its completion: one job per agreement (idempotency key), so notifications, polls
 * and restarts in between complete it once (decision 0662). Agreements that are not ours, or
 * whose document is no longer out for signature, are left alone.
 */
export async function syncAgreement(deps: AppDeps, client: AcrobatSignClient, agreementId: string): Promise<AgreementStatus | null> {
  const doc = await findSignatureDocumentByAgreement(deps.db, agreementId);
  if (!doc || doc.provider !== PROVIDER || doc.status !== 'out_for_signature') return null;
  const agreement = await client.getAgreement(agreementId);
  if (agreement.status === 'SIGNED') {
    const { created } = await enqueue(deps.db, { kind: COMPLETE_JOB, payload: { agreementId }, idempotencyKey: `acrobat-complete:${agreementId}` });
    if (created) void deps.jobs.kick();
  }
  return agreement.status;
}

/** The provider's audit lines we keep in our own trail, under our event names. */
const PROVIDER_EVENTS: Record<string, string> = { ACTION_REQUESTED: 'provider_sent', ESIGNED: 'provider_signed' };

/** When the last signer signed, as Acrobat Sign dated it (else now). */
function signedAtOf(events: AgreementEvent[], now: Date): Date {
  const dates = events.filter((e) => e.type === 'ESIGNED' || e.type === 'SIGNED').map((e) => e.date.getTime());
  return dates.length ? new Date(Math.max(...dates)) : now;
}

/**
 * Complete a SIGNED agreement's document: the combined document as Acrobat Sign produced it (its
 * own certificate, not our seal) stored through completeSignatureDocument, and the provider's
 * sent/signed events with their times, in one transaction. A second run finds the document
 * signed and changes nothing.
 */
export async function completeAgreement(deps: AppDeps, client: AcrobatSignClient, agreementId: string): Promise<'completed' | 'already-signed'> {
  const doc = await findSignatureDocumentByAgreement(deps.db, agreementId);
  if (!doc) throw new Error(`Aucun document à signer pour l’accord Acrobat Sign ${agreementId}.`);
  if (doc.status === 'signed') return 'already-signed';
  const agreement = await client.getAgreement(agreementId);
  if (agreement.status !== 'SIGNED') throw new Error(`L’accord Acrobat Sign ${agreementId} n’est pas signé (${agreement.status}).`);
  const events = await client.getAgreementEvents(agreementId);
  const signedPdf = await client.getCombinedDocument(agreementId);
  const outcome = await deps.db.transaction(async (tx) => {
    const result = await completeSignatureDocument(deps, tx, doc.id, { signedPdf, at: signedAtOf(events, deps.clock.now()) });
    if (result !== 'completed') return result;
    for (const event of events) {
      const type = PROVIDER_EVENTS[event.type];
      if (!type) continue;
      await recordSignatureEvent(tx, {
        documentId: doc.id,
        type,
        at: event.date,
        ip: event.actingUserIpAddress ?? undefined,
        detail: {
          provider: PROVIDER,
          agreement_id: agreementId,
          provider_event: event.type,
          participant_email: event.participantEmail,
          description: event.description,
        },
      });
    }
    return result;
  });
  void deps.mailer.dispatch();
  return outcome;
}

/**
 * The fallback for lost notifications: re-read every agreement still out for signature. One
 * failing agreement does not stop the others; the run fails afterwards so the job list shows it.
 */
export async function pollAgreements(deps: AppDeps, client: AcrobatSignClient, log: JobLog): Promise<void> {
  const docs = await listSignatureDocuments(deps.db, { statuses: ['out_for_signature'] }, POLL_LIMIT);
  let failures = 0;
  for (const doc of docs) {
    if (doc.provider !== PROVIDER || !doc.agreementId) continue;
    try {
      await syncAgreement(deps, client, doc.agreementId);
    } catch (error) {
      failures += 1;
      log.warn({ err: error, agreementId: doc.agreementId }, 'acrobat sign agreement not re-read');
    }
  }
  if (failures > 0) throw new Error(`${failures} accord(s) Acrobat Sign n’ont pas pu être relus.`);
}
