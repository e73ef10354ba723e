/** The admin dashboard module's public entry (docs/decisions/0450, 0820). It owns no table. */
export { adminDashboardRoutes } from './routes';
