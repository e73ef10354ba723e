/** The price-references module's public entry (issue 40, decision 1240). */
export { priceReferenceRoutes, PRICE_REFERENCE_JOB } from './routes';
export { refreshPriceReferences, type RefreshFigures } from './refresh';
