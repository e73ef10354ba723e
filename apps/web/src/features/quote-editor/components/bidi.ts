/**
 * An amount or a figure inside a translated sentence, isolated left to right (LRI … PDI) so that
 * in Arabic « 739,00 € » is not reordered into « € 739,00 ».
 */
export const isolateLtr = (text: string) => `\u2066${text}\u2069`;
