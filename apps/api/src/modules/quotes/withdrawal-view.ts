import type { QuoteDetail } from '@ouvrage/contracts';
import { calendarDateAt, quoteWithdrawalRefusal, withdrawalDeadline, type CalendarDate, type WithdrawalFacts } from '@ouvrage/domain';
import type * as repo from './repository';

/** What the withdrawal rule reads of a quote (decision 1053): its status, the project's client type, the urgent-repair flag, the day it was signed. */
export function withdrawalFacts(q: repo.QuoteRow, typeClient: string | null | undefined): WithdrawalFacts {
  return {
    status: q.status,
    consumer: (typeClient ?? 'particulier') !== 'entreprise',
    urgentRepair: q.urgentRepair,
    signedOn: q.signedAt ? calendarDateAt(q.signedAt) : null,
  };
}

/** The detail screen's line: the last day, whether the period is still open, when the client withdrew; null when no withdrawal applies. */
export function withdrawalView(q: repo.QuoteRow, typeClient: string | null | undefined, today: CalendarDate): QuoteDetail['withdrawal'] {
  const facts = withdrawalFacts(q, typeClient);
  if (!facts.consumer || facts.urgentRepair || !facts.signedOn) return null;
  return {
    deadline: withdrawalDeadline(facts.signedOn),
    open: quoteWithdrawalRefusal(facts, today) === null,
    withdrawn_at: q.withdrawnAt ? q.withdrawnAt.toISOString() : null,
  };
}
