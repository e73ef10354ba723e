/**
 * Price references (issue 40, decision 1240): what the quote editor and the quote settings use —
 * the lookup of a quote's lines, the line's and lot's comparison, the participation setting.
 */
export { useQuotePriceReferences, type QuotePriceReferences } from './api/quote-price-references';
export { compareWithReferences, type ReferenceComparison } from './model/comparison';
export { LineReference } from './components/line-reference';
export { LotReferenceSummary, QuoteReferenceSummary } from './components/reference-summary';
export { OptedOutNote } from './components/opted-out-note';
export { ParticipationCard } from './components/participation-card';
