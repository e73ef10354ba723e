/** The quotes module's public entry (docs/decisions/0450, 0510). */
export { quoteRoutes } from './routes';
export { expireQuotes } from './answer-quote';
export { quoteSigningFacts, type QuoteSigningFacts } from './signing-facts';
