/** The products module's public entry (docs/decisions/0450). */
export { productRoutes } from './routes';
export { registerProductUse, type ProductUse } from './uses';
export { productNames } from './names';
