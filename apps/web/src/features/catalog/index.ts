/** What other features may use from the catalogue (docs/decisions/0450): the public lists. */
export { useBiensOfCategory, usePublicCategories } from './api/public-catalog';
