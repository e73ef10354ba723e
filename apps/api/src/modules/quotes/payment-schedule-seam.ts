import type { Executor } from '@ouvrage/db';
import { calendarDateAt, quoteVersionLabel, todayInParis, type CalendarDate, type QuoteStatus, type Refusal } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { projectsByIds } from '../projects';
import { statusToday } from './quote-views';
import * as repo from './repository';
import { withdrawalFacts } from './withdrawal-view';

/**
 * What the payment-schedule module reads of a quote (decision 1221), and the seam through which
 * the quote's PDF prints the schedule: the payment-schedule module reads this module's facts, so
 * this module cannot import it; it registers its reader at start-up (as avenants do).
 */
export interface QuoteScheduleFacts {
  id: number;
  status: QuoteStatus;
  issuerId: number;
  clientId: number;
  projectId: number;
  /** The Paris day the client signed, null before. */
  signedOn: CalendarDate | null;
  /** The consumer's 14-day withdrawal period applies (a consumer's quote, not an urgent repair; decision 1053). */
  consumerWithdrawal: boolean;
}

/** The quote's facts; with `lock`, its row stays locked until `db`'s transaction ends. */
export async function quoteScheduleFacts(deps: AppDeps, db: Executor, id: number, options: { lock: boolean }): Promise<QuoteScheduleFacts | undefined> {
  const q = options.lock ? await repo.lockQuote(db, id) : await repo.findQuote(db, id);
  if (!q) return undefined;
  const [project] = await projectsByIds(db, [q.projectId]);
  const facts = withdrawalFacts(q, project?.project.typeClient);
  return {
    id: q.id,
    status: statusToday(q, todayInParis(deps.clock)),
    issuerId: q.issuerId,
    clientId: q.clientId,
    projectId: q.projectId,
    signedOn: q.signedAt ? calendarDateAt(q.signedAt) : null,
    consumerWithdrawal: facts.consumer && !facts.urgentRepair,
  };
}

/** The project's contracts: the latest sent version of each of its quotes, once signed (the client's project page lists their schedules). */
export async function contractQuotesOfProject(
  db: Executor,
  projectId: number,
): Promise<Array<{ id: number; label: string; issuerId: number; signedAt: Date | null }>> {
  const rows = await repo.latestSentOfProject(db, projectId);
  return rows
    .filter((q) => q.status === 'Signé' || q.status === 'Validé')
    .map((q) => ({ id: q.id, label: quoteVersionLabel(q.number, q.version), issuerId: q.issuerId, signedAt: q.signedAt }));
}

/** A schedule as the quote's PDF prints it: each milestone's wording and amount, on the quote's TTC. */
export interface PrintedSchedule {
  /** « Contrat de construction de maison individuelle (art. L231-1 CCH) », or null for ordinary works. */
  contractNote: string | null;
  milestones: Array<{ label: string; share: string; amountCents: number }>;
  /** The legal notes printed under it (the withdrawal period, the CCMI scale). */
  notes: string[];
}

export type PrintedScheduleReader = (deps: AppDeps, db: Executor, quoteId: number) => Promise<PrintedSchedule | null>;

let reader: PrintedScheduleReader | null = null;

export function registerPrintedSchedule(read: PrintedScheduleReader): void {
  reader = read;
}

/** The schedule to print on the quote, null when it has none (or before the payment-schedule module is registered). */
export const printedScheduleOf = (deps: AppDeps, db: Executor, quoteId: number): Promise<PrintedSchedule | null> =>
  reader ? reader(deps, db, quoteId) : Promise.resolve(null);

/**
 * Why a draft's schedule keeps it from being sent: it no longer adds up to the total as edited, or a
 * date has come too close (decision 1221). Filled by the payment-schedule module; null without one.
 */
export type ScheduleSendingCheck = (deps: AppDeps, tx: Executor, quote: { id: number; contractTtcCents: number }) => Promise<Refusal | null>;

let sendingCheck: ScheduleSendingCheck | null = null;

export function registerScheduleSendingCheck(check: ScheduleSendingCheck): void {
  sendingCheck = check;
}

export const scheduleSendingRefusal: ScheduleSendingCheck = (deps, tx, quote) => (sendingCheck ? sendingCheck(deps, tx, quote) : Promise.resolve(null));

/**
 * What a new version of a quote takes from the version it starts from besides its lines: the
 * schedule (decision 1221), copied as set, every milestone upcoming again. Filled by the
 * payment-schedule module; called in the new version's transaction.
 */
export type ScheduleVersionCopy = (tx: Executor, from: { quoteId: number }, to: { quoteId: number; at: Date }) => Promise<void>;

let versionCopy: ScheduleVersionCopy | null = null;

export function registerScheduleVersionCopy(copy: ScheduleVersionCopy): void {
  versionCopy = copy;
}

export const copyScheduleToNewVersion: ScheduleVersionCopy = (tx, from, to) => (versionCopy ? versionCopy(tx, from, to) : Promise.resolve());
