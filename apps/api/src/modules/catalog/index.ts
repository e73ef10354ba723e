/** The catalog module's public entry (docs/decisions/0450). */
export { catalogRoutes } from './routes';
