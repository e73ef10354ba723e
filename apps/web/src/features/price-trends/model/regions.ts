/**
 * The regions the trends may be read in: packages/geo's list, pure data. Read by its file because
 * `@ouvrage/geo`'s entry reads its dataset from disk (the server's); an export `@ouvrage/geo/regions`
 * would let the web import it by name.
 */
export { REGIONS, type Region } from '../../../../../../packages/geo/src/regions';
