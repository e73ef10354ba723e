/**
 * Numbers, amounts, dates and French addresses shown inside Arabic text: wrapped in Unicode
 * isolates (LRI … PDI) so that « 1 050,00 € » or « 3 rue de Marseille » keep their left-to-right
 * order in a right-to-left paragraph, including inside translated sentences.
 */
export const ltr = (text: string | null | undefined): string => (text ? `\u2066${text}\u2069` : '');
