import { addDays, compareCalendarDates, formatCalendarDate, type CalendarDate } from './calendar';
import type { InvoiceKind } from './invoices';
import { refusal, type Refusal } from './refusal';

/**
 * The date or period of the service an invoice bills (CGI ann. II art. 242 nonies A, decision 1050).
 * Given on the issue form or, by default, from the day after the previous invoice's period (else the
 * contract's validation day) to the issue date. Works billed by a situation or the balance are done:
 * their period cannot end after the issue date. A deposit is asked before the works: its period, when
 * given, may lie ahead; without one it prints « travaux à venir ».
 */
export interface ServicePeriod {
  from: CalendarDate;
  to: CalendarDate;
}

export interface ServicePeriodInput {
  kind: InvoiceKind;
  from: CalendarDate | null;
  to: CalendarDate | null;
  issueDate: CalendarDate;
  /** The last day of the quote's latest invoice's period, if any. */
  previousEnd: CalendarDate | null;
  /** The day the quote became a contract. */
  contractDay: CalendarDate | null;
}

export function servicePeriodOf(input: ServicePeriodInput): { ok: true; period: ServicePeriod | null } | { ok: false; refusal: Refusal } {
  const { kind, issueDate } = input;
  if (kind === 'acompte' && !input.from && !input.to) return { ok: true, period: null };
  const to = input.to ?? (kind === 'acompte' ? input.from! : issueDate);
  const start = input.previousEnd ? addDays(input.previousEnd, 1) : input.contractDay;
  const from = input.from ?? (start && compareCalendarDates(start, to) <= 0 ? start : to);
  if (compareCalendarDates(from, to) > 0) {
    return {
      ok: false,
      refusal: refusal('INVOICE_SERVICE_PERIOD_ORDER', 'La période des travaux commence après sa fin : vérifiez les deux dates.', { from, to }, 400),
    };
  }
  if (kind !== 'acompte' && compareCalendarDates(to, issueDate) > 0) {
    return {
      ok: false,
      refusal: refusal(
        'INVOICE_SERVICE_PERIOD_FUTURE',
        `Une situation ou un solde facture des travaux faits : la période se termine au plus tard le jour de la facture (${formatCalendarDate(issueDate)}).`,
        { date: issueDate },
        400,
      ),
    };
  }
  return { ok: true, period: { from, to } };
}

/** The sentence the invoice prints (the mentions table's marker first). */
export function servicePeriodSentence(period: { from: string; to: string } | null | undefined): string {
  const label = 'Date ou période de la prestation :';
  if (!period) return `${label} travaux à venir (acompte demandé avant leur exécution).`;
  const from = formatCalendarDate(period.from as CalendarDate);
  if (period.from === period.to) return `${label} le ${from}.`;
  return `${label} du ${from} au ${formatCalendarDate(period.to as CalendarDate)}.`;
}
