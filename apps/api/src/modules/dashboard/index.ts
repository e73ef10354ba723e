/** The dashboards' module (decision 0810): it owns no table, it composes other modules' widget queries. */
export { dashboardRoutes } from './routes';
