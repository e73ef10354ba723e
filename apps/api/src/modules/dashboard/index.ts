/** The dashboards' module (decisions 0810, 1190): it owns no table; its read model composes the read functions of the modules that own the rows. */
export { dashboardRoutes } from './routes';
