/**
 * Amounts, dates, IBANs and references inside Arabic text: wrapped in Unicode isolates (LRI … PDI)
 * so that « 1 050,00 € » or « RF47 F202 6000 1X12 » keep their left-to-right order, including
 * inside translated sentences. The right-to-left
 * marks Intl puts in Arabic dates (« 25‏/11‏/2026 ») are dropped first: inside a left-to-right
 * isolate they would scramble the date (« 252026/11/ »).
 */
export const ltr = (text: string | null | undefined): string => (text ? `\u2066${text.replace(/[\u200e\u200f\u061c]/g, '')}\u2069` : '');
