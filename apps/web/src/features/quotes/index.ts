/** What other features may use from quotes (docs/decisions/0450): the project page's link to the comparison. */
export { CompareQuotesLink } from './components/compare-quotes-link';
/** The quote as its reader sees it: the signing screen (features/signature) shows its label and client. */
export { useQuote } from './api/quote-detail';
/** A quote's status as a badge (a document card in a conversation, decision 1230 « References »). */
export { QuoteStatusBadge } from './components/quote-status-badge';
