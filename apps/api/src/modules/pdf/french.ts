import { calendarDate, calendarDateAt, formatCalendarDate, formatEuros, formatPercent, formatQuantity } from '@ouvrage/domain';

/**
 * The domain's French formats, with non-breaking spaces so that an amount or a rate is never cut
 * at the end of a line (« 1 234,56 € » stays whole). Extracted text reads them as spaces.
 */
const NBSP = '\u00a0';
const keepTogether = (text: string) => text.replace(/ /g, NBSP);

export const euros = (cents: number) => keepTogether(formatEuros(cents));
export const percent = (bp: number) => keepTogether(formatPercent(bp));
export const quantity = (milli: number) => keepTogether(formatQuantity(milli));

/** 'YYYY-MM-DD' → '22/11/2026'. */
export const day = (date: string) => formatCalendarDate(calendarDate(date));

/** An instant → the day it falls on in Paris, '22/11/2026'. */
export const dayOf = (instant: Date | string) => formatCalendarDate(calendarDateAt(typeof instant === 'string' ? new Date(instant) : instant));

/** Postal address on two lines. */
export const addressLines = (a: { street: string; postcode: string; city: string } | null): string[] =>
  a ? [a.street, `${a.postcode} ${a.city}`].filter((l) => l.trim().length > 0) : [];
