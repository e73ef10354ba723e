/** The health module's public entry (docs/decisions/0450). */
export { healthRoutes } from './routes';
