/** The outbox module's public entry (docs/decisions/0450). */
export { outboxRoutes } from './routes';
