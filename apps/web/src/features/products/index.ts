/** The products feature's public entry (docs/decisions/0450): the product list for the quote editor, and lots' names. */
export { useProducts, type ProductFilters } from './api/products';
export { lotName } from './model/lot-name';
