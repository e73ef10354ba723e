/** The conversations module's public entry (docs/decisions/0450, 1230): a project's conversations. */
export { conversationRoutes } from './routes';
