/**
 * Numbers, amounts and dates inside Arabic text: wrapped in Unicode isolates (LRI … PDI) so that
 * « 1 050,00 € » or « 20/11/2027 » keep their order in a right-to-left sentence (as in invoices).
 */
export const ltr = (text: string | null | undefined): string => (text ? `\u2066${text}\u2069` : '');
