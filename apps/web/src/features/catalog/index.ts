/** What other features may use from the catalogue (docs/decisions/0450): the public lists and labels. */
export { useBiensOfCategory, usePublicCategories } from './api/public-catalog';
export { useCatalogLabels, type CatalogLabeler } from './api/catalog-labels';
