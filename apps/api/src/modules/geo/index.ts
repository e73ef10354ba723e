/** The geo module's public entry (docs/decisions/0450). */
export { geoRoutes } from './routes';
