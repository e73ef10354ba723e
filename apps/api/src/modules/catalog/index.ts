/**
 * The catalog module's public entry (docs/decisions/0450). Other modules read categories and goods
 * only through these; they take the caller's executor (`deps.db` or its transaction).
 */
export { catalogRoutes } from './routes';
export {
  categoryAndBienNames,
  existingBienIds,
  existingCategoryIds,
  findBien,
  findCategory,
  isLinked as categoryHasBien,
  type CatalogName,
} from './repository';
export { registerProjectCounts, type ProjectCounts } from './project-counts';
