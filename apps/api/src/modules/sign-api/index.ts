/** The spec's e-signature routes (issue 10, decision 0663). */
export { signApiRoutes } from './routes';
