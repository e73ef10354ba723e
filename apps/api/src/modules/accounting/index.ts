/** The accounting module's public entry (issue 37 §3, decision 1210): the accountant's exports. */
export { accountingRoutes } from './routes';
