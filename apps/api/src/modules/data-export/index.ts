/**
 * The data-export module's public entry (docs/decisions/0450, 1233): a person's data as a ZIP.
 * Modules holding personal data register their part here; this module imports none of them.
 */
export { dataExportRoutes } from './routes';
export { registerExport, type ExportContext, type ExportPart } from './registry';
export { youLabel } from './readme';
