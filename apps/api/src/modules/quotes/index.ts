/** The quotes module's public entry (docs/decisions/0450, 0510). */
export { quoteRoutes } from './routes';
export { expireQuotes } from './answer-quote';
export { quoteSigningFacts, type QuoteSigningFacts } from './signing-facts';
export { lockQuoteForSignature, markQuoteSigned, quoteSignatureSource, type QuoteSignatureSource } from './sign-quote';
export { quotesForDocuments } from './list-quotes';
export { quoteHeadlines, type QuoteHeadline } from './quote-headlines';
export { quoteInvoicingFacts, type QuoteInvoicingFacts } from './invoicing-facts';
export {
  contractQuotesOfProject,
  quoteScheduleFacts,
  registerPrintedSchedule,
  registerScheduleSendingCheck,
  registerScheduleVersionCopy,
  type PrintedSchedule,
  type QuoteScheduleFacts,
} from './payment-schedule-seam';
export { registerContractAmendments, type ContractAmendmentsReader } from './contract-amendments';
export { projectActivity as quoteActivity } from './project-activity';
export { quoteOutcomes } from './admin-figures';
export { quoteConversion, quotePipeline, quotesAwaitingAnswer, quotesToSign } from './dashboard-repository';
export { remindExpiringQuotes } from './expiry-reminders';
export { quoteTitled } from './repository';
export { quoteCards, type QuoteCard } from './document-cards';
export { pricedQuotes, projectPricedQuotes, quoteProjectId, sentQuoteIdsOf, type PricedLine, type PricedQuote } from './price-lines';
