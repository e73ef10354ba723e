/** The contract-life module's public entry (decision 1224): a read of other modules, nothing of its own stored. */
export { contractLifeRoutes } from './routes';
