/** The outbox module's public entry (docs/decisions/0450): the admin's view of the mail module's outbox; it owns no table (decision 1190). */
export { outboxRoutes } from './routes';
