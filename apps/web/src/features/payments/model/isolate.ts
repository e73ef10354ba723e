/**
 * Amounts, dates and invoice numbers shown inside Arabic text: wrapped in Unicode isolates (LRI …
 * PDI) so that « 1 050,00 € » keeps its left-to-right order in a right-to-left sentence (as the
 * invoices feature does).
 */
export const ltr = (text: string | null | undefined): string => (text ? `\u2066${text}\u2069` : '');
