import type { InvoiceEInvoicing } from '@ouvrage/contracts';
import type { LifecycleEvent } from '../../adapters/e-invoicing/pa-client';
import type { AppDeps } from '../../lib/deps';
import { ACTION_CODES, actionNeeded } from './action-notice';
import * as repo from './repository';
import { connectionOf } from './settings';
import { submissionAnswer } from './submission';

/**
 * The lifecycle statuses the PA reports (decision 1212), from the periodic search or the webhook:
 * each applied once — the event row, unique per (flow, message), is inserted with ON CONFLICT DO
 * NOTHING in the transaction that applies it, so a replayed webhook or a search overlapping the
 * last one changes nothing. An event about a flow we do not know is kept without a submission
 * (ignored) and answered normally.
 */

export const LIFECYCLE_JOB = 'e-invoicing.lifecycle';
export const LIFECYCLE_EVERY_MS = 5 * 60_000;

export interface Applied {
  applied: number;
  duplicates: number;
  ignored: number;
}

const stateAfter = (state: repo.EInvoiceSubmissionRow['state'], code: number): repo.EInvoiceSubmissionRow['state'] => {
  if (ACTION_CODES.has(code)) return 'action';
  if (code === 212 || code === 220) return 'done';
  // A later positive status does not clear « à traiter »: the architect corrects with an avoir.
  return state === 'action' || state === 'done' ? state : 'submitted';
};

/** Apply events of one issuer's PA, oldest first: flow ids are that PA's, so they are looked up among the issuer's submissions only. */
export async function applyLifecycle(deps: AppDeps, issuerId: number, events: LifecycleEvent[], source: 'search' | 'webhook'): Promise<Applied> {
  const result: Applied = { applied: 0, duplicates: 0, ignored: 0 };
  const ordered = [...events].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const event of ordered) {
    await deps.db.transaction(async (tx) => {
      const sub = await repo.submissionForEvent(tx, issuerId, event.flowId, event.trackingId);
      const latest = sub ? await repo.latestEventAt(tx, sub.id) : null;
      const recorded = await repo.insertEvent(tx, {
        issuerId,
        submissionId: sub?.id ?? null,
        flowId: event.flowId,
        messageId: event.messageId,
        code: event.code,
        at: event.at,
        reason: event.reason ?? null,
        source,
        receivedAt: deps.clock.now(),
      });
      if (!recorded) return void (result.duplicates += 1);
      if (!recorded.submissionId || !sub) return void (result.ignored += 1);
      const state = stateAfter(sub.state, event.code);
      // A status older than one already applied (a late push) is kept in the history without becoming the last one.
      const newest = latest === null || event.at >= latest;
      await repo.updateSubmission(tx, sub.id, {
        state,
        lastCode: newest ? event.code : sub.lastCode,
        flowId: sub.flowId ?? event.flowId,
        lastError: ACTION_CODES.has(event.code) ? (event.reason ?? null) : sub.lastError,
        updatedAt: deps.clock.now(),
      });
      if (ACTION_CODES.has(event.code)) await actionNeeded(tx, deps, sub, event.code);
      result.applied += 1;
    });
  }
  return result;
}

/**
 * The periodic pass: every connected issuer's PA is asked for the statuses since its cursor. The
 * cursor moves to the newest status seen (an overlap is harmless: events apply once); one issuer's
 * PA down does not stop the others.
 */
export async function pollLifecycle(deps: AppDeps, log: { warn(o: object, m: string): void }): Promise<void> {
  for (const settings of await repo.connectedSettings(deps.db)) {
    const conn = connectionOf(deps, settings);
    if (!conn) continue;
    const since = settings.lifecycleCursor ?? new Date(0);
    try {
      const events = await deps.paClient.searchLifecycle(conn, since);
      await applyLifecycle(deps, settings.userId, events, 'search');
      const newest = events.reduce((max, e) => (e.at > max ? e.at : max), since);
      if (newest > since) await repo.setCursor(deps.db, settings.userId, newest);
    } catch (error) {
      log.warn({ err: error, issuer: settings.userId }, 'e-invoicing lifecycle search failed');
    }
  }
}

/** The invoice's e-invoicing status and its history, oldest first. */
export async function invoiceEInvoicing(deps: AppDeps, invoiceId: number): Promise<InvoiceEInvoicing> {
  const sub = await repo.submissionOfInvoice(deps.db, invoiceId);
  if (!sub) return { e_invoiced: false, submission: null, events: [] };
  const events = await repo.eventsOf(deps.db, sub.id);
  return {
    e_invoiced: true,
    submission: submissionAnswer(sub),
    events: events.map((e) => ({ code: e.code, at: e.at.toISOString(), reason: e.reason, source: e.source })),
  };
}
