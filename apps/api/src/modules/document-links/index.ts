/** The document links module's public entry (decision 0610). */
export { documentLinkRoutes } from './routes';
export { registerDocumentKind, type DocumentKindResolver } from './document-kinds';
export { checkRecordLink, signRecordLink, type RecordLinkCheck, type RecordLinkOptions } from './link-token';
