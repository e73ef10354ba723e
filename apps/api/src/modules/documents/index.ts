/** The documents area's module (decisions 0680–0684): it owns no table, it reads other modules' documents. */
export { documentRoutes } from './routes';
