/**
 * Amounts, dates, IBANs and references inside Arabic text: wrapped in Unicode isolates (LRI … PDI)
 * so that « 1 050,00 € » or « RF47 F202 6000 1X12 » keep their left-to-right order (as the
 * invoices feature does; features do not reach into each other's internals).
 */
export const ltr = (text: string | null | undefined): string => (text ? `\u2066${text}\u2069` : '');
