import { canResendReport, reportStateOfLifecycle, type Caller } from '@ouvrage/domain';
import { PaPermanentError, PaTransientError, type FlowInfo, type PaClient, type PaConnection } from '../../adapters/e-invoicing/pa-client';
import { enqueue, type JobContext } from '../jobs';
import type { AppDeps } from '../../lib/deps';
import { notFound, refuse } from '../../lib/errors';
import { SUBMIT_ATTEMPTS, SUBMIT_JOB } from './build-reports';
import { eReportingPaOf } from './pa-seam';
import * as repo from './repository';

/**
 * Sending a report through the issuer's PA (decision 1213). The report's tracking id is stable, so
 * the PA refuses a second flow of it; before sending again after an error that may have reached the
 * PA, and when the PA answers that the tracking id exists, we look the flow up instead of sending:
 * a report is never sent twice nor lost. A transient error (5xx, timeout) leaves the report a draft
 * and the job retries with the queue's backoff; a permanent one (4xx, an answer we cannot read) or
 * the last attempt marks it failed with the reason, for the architect to send it again.
 */

const text = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/** A flow already at the PA under this tracking id (its statuses name it), or null. */
async function flowAtPa(client: PaClient, conn: PaConnection, trackingId: string, since: Date): Promise<string | null> {
  const events = await client.searchLifecycle(conn, new Date(since.getTime() - 86_400_000));
  return events.find((e) => e.trackingId === trackingId)?.flowId ?? null;
}

export async function submitReport(deps: AppDeps, reportId: number, job: Pick<JobContext, 'attempt' | 'maxAttempts'>): Promise<void> {
  const now = () => deps.clock.now();
  const claimed = await repo.claimAttempt(deps.db, reportId, now());
  if (!claimed) return; // submitted, accepted or failed meanwhile: nothing to send
  const pa = eReportingPaOf(deps);
  const fail = (note: string) =>
    repo.moveReport(deps.db, reportId, ['draft'], { state: 'failed', lastError: note }, { at: now().toISOString(), state: 'failed', note });
  const conn = await pa.connection(deps.db, claimed.issuerId);
  if (!conn) {
    await fail('Aucune plateforme agréée n’est configurée pour cet émetteur.');
    return;
  }
  const client = pa.client();
  const submitted = (flowId: string, note?: string) =>
    repo.moveReport(
      deps.db,
      reportId,
      ['draft'],
      { state: 'submitted', flowId, lastError: null, submittedAt: now() },
      { at: now().toISOString(), state: 'submitted', ...(note ? { note } : {}) },
    );
  try {
    // An earlier attempt may have reached the PA without our hearing its answer.
    if (claimed.attempts > 1) {
      const existing = await flowAtPa(client, conn, claimed.trackingId, claimed.createdAt);
      if (existing) {
        await submitted(existing, 'Flux retrouvé à la plateforme');
        return;
      }
    }
    const info: FlowInfo = { name: `${claimed.trackingId}.xml`, trackingId: claimed.trackingId, flowSyntax: 'FRR', processingRule: 'B2C' };
    const { flowId } = await client.submitFlow(conn, info, {
      fileName: `${claimed.trackingId}.xml`,
      content: Buffer.from(claimed.xml, 'utf8'),
      contentType: 'application/xml',
    });
    if (typeof flowId !== 'string' || flowId === '') throw new PaPermanentError('La plateforme n’a pas donné d’identifiant de flux.');
    await submitted(flowId);
  } catch (err) {
    if (err instanceof PaPermanentError && err.status === 409) {
      // The tracking id is known to the PA: the report is there already.
      const existing = await flowAtPa(client, conn, claimed.trackingId, claimed.createdAt).catch(() => null);
      if (existing) {
        await submitted(existing, 'Flux retrouvé à la plateforme');
        return;
      }
    }
    const transient = err instanceof PaTransientError || !(err instanceof PaPermanentError);
    if (transient && job.attempt < job.maxAttempts) {
      await repo.moveReport(deps.db, reportId, ['draft'], { lastError: text(err) }, { at: now().toISOString(), state: 'draft', note: text(err) });
      throw err; // the queue retries with its backoff
    }
    await fail(text(err));
  }
}

/** Ask the PA what became of the submitted reports (accepted, rejected). */
export async function refreshSubmitted(deps: AppDeps, log: { warn(o: object, m: string): void }): Promise<void> {
  const pa = eReportingPaOf(deps);
  for (const report of await repo.reportsInState(deps.db, ['submitted'])) {
    if (!report.flowId) continue;
    try {
      const conn = await pa.connection(deps.db, report.issuerId);
      if (!conn) continue;
      const flow = await pa.client().getFlow(conn, report.flowId);
      const state = reportStateOfLifecycle(
        flow.events.map((e) => e.code),
        flow.acknowledgement?.status,
      );
      if (state === 'submitted') continue;
      const reason = flow.events.find((e) => e.reason)?.reason ?? (flow.acknowledgement?.details.join(' ; ') || undefined);
      await repo.moveReport(
        deps.db,
        report.id,
        ['submitted'],
        { state, lastError: state === 'rejected' ? (reason ?? null) : null },
        { at: deps.clock.now().toISOString(), state, ...(reason ? { note: reason } : {}) },
      );
    } catch (err) {
      log.warn({ err, reportId: report.id }, 'e-reporting: status not read');
    }
  }
}

/** Send a failed report again (the architect's button): a new submission job. */
export async function resendReport(deps: AppDeps, caller: Caller, reportId: number): Promise<repo.EReportRow> {
  return deps.db.transaction(async (tx) => {
    const row = await repo.findReport(tx, reportId, { lock: true });
    if (!row) throw notFound('Cette déclaration est introuvable.');
    if (!canResendReport(row.state)) throw refuse('E_REPORT_NOT_RESENDABLE', 'Seule une déclaration en échec peut être renvoyée.', { state: row.state });
    const moved = await repo.moveReport(
      tx,
      reportId,
      ['failed'],
      { state: 'draft' },
      {
        at: deps.clock.now().toISOString(),
        state: 'draft',
        note: caller.user_type === 'admin' ? 'Renvoyée par l’administration' : 'Renvoyée par l’émetteur',
      },
    );
    if (!moved) throw refuse('E_REPORT_NOT_RESENDABLE', 'Seule une déclaration en échec peut être renvoyée.', { state: row.state });
    await enqueue(tx, { kind: SUBMIT_JOB, payload: { reportId }, idempotencyKey: `${reportId}:${moved.history.length}`, maxAttempts: SUBMIT_ATTEMPTS });
    return moved;
  });
}
