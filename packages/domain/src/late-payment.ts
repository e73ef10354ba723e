import { compareCalendarDates, type CalendarDate } from './calendar';
import { refusal, type Refusal } from './refusal';

/**
 * Late-payment penalties between professionals (C. com. L441-10, decision 1051): unless agreed
 * otherwise, the ECB main refinancing rate in force on the half-year's first day plus 10 points; an
 * agreed rate may not be below 3 × the legal interest rate of the half-year. The rates are a dated
 * series the admin keeps (one row per half-year); an issued invoice freezes the rate it printed.
 */
export interface LatePaymentRate {
  /** `YYYY-01-01` or `YYYY-07-01`. */
  halfYearStart: CalendarDate;
  ecbRateBp: number;
  /** The legal interest rate « pour tous les autres cas » (a creditor acting for its business). */
  legalRateBp: number;
}

export const ECB_MARGIN_BP = 1000;
export const LEGAL_RATE_FACTOR = 3;
/** The bounds the admin may enter (a negative ECB rate has happened for the deposit facility, never for the MRO). */
export const LATE_RATE_LIMITS = { ecb: { min: -500, max: 2000 }, legal: { min: 0, max: 2000 } } as const;

/** The first day of the half-year holding `date`. */
export function halfYearStartOf(date: CalendarDate): CalendarDate {
  return `${date.slice(0, 4)}-${Number(date.slice(5, 7)) <= 6 ? '01' : '07'}-01` as CalendarDate;
}

export const isHalfYearStart = (date: string): boolean => /^\d{4}-(01|07)-01$/.test(date);

/** The default rate between professionals: ECB + 10 points. */
export const defaultBusinessLateRateBp = (rate: LatePaymentRate): number => rate.ecbRateBp + ECB_MARGIN_BP;
/** The lowest rate a contract may agree: 3 × the legal interest rate. */
export const minimumBusinessLateRateBp = (rate: LatePaymentRate): number => LEGAL_RATE_FACTOR * rate.legalRateBp;

/**
 * The rates that apply on `date`: its half-year's row, or — until the admin enters it — the latest
 * earlier one (`current: false` says so). Null when the series starts later.
 */
export function latePaymentRateOn(rates: readonly LatePaymentRate[], date: CalendarDate): { rate: LatePaymentRate; current: boolean } | null {
  const start = halfYearStartOf(date);
  let best: LatePaymentRate | null = null;
  for (const r of rates) {
    if (compareCalendarDates(r.halfYearStart, start) <= 0 && (!best || compareCalendarDates(r.halfYearStart, best.halfYearStart) > 0)) best = r;
  }
  return best ? { rate: best, current: best.halfYearStart === start } : null;
}

export type BusinessLatePenalty = { rateBp: number; basis: 'agreed' } | { rateBp: number; basis: 'ecb'; ecbRateBp: number; halfYearStart: CalendarDate };

/**
 * The rate an invoice to a business client prints: the quote's agreed rate when it reaches
 * 3 × the legal interest rate, otherwise (0 %, or too low to be valid) ECB + 10 points.
 */
export function businessLatePenalty(agreedBp: number, rate: LatePaymentRate): BusinessLatePenalty {
  if (agreedBp > 0 && agreedBp >= minimumBusinessLateRateBp(rate)) return { rateBp: agreedBp, basis: 'agreed' };
  return { rateBp: defaultBusinessLateRateBp(rate), basis: 'ecb', ecbRateBp: rate.ecbRateBp, halfYearStart: rate.halfYearStart };
}

/** An entered half-year whose default would be below the minimum (ECB + 10 < 3 × legal) is a typing error. */
export function latePaymentRateRefusal(rate: LatePaymentRate): Refusal | null {
  if (!isHalfYearStart(rate.halfYearStart)) {
    return refusal('LATE_RATE_HALF_YEAR_INVALID', 'Un semestre commence le 1er janvier ou le 1er juillet.', { date: rate.halfYearStart }, 400);
  }
  if (defaultBusinessLateRateBp(rate) < minimumBusinessLateRateBp(rate)) {
    return refusal(
      'LATE_RATE_BELOW_LEGAL_MINIMUM',
      'Le taux BCE majoré de 10 points serait inférieur à trois fois le taux de l’intérêt légal : vérifiez les taux saisis.',
      { default_bp: defaultBusinessLateRateBp(rate), minimum_bp: minimumBusinessLateRateBp(rate) },
      400,
    );
  }
  return null;
}

/** No rate known for an invoice to a business client: the admin must enter the series first. */
export const latePaymentRateMissingRefusal = (date: CalendarDate): Refusal =>
  refusal(
    'LATE_RATE_MISSING',
    'Aucun taux de pénalités de retard n’est connu pour cette date : l’administrateur doit saisir le taux BCE du semestre.',
    { date },
    409,
  );
