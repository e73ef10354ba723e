/**
 * The activity module's public entry (decisions 0450, 0830): it owns no table; it asks each module
 * that owns a project's records for their entries and composes one timeline.
 */
export { activityRoutes } from './routes';
