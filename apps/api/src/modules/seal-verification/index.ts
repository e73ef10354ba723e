/** The seal verification module's public entry (decisions 0630–0634). */
export { sealVerificationRoutes } from './routes';
export { platformSealIdentity } from './platform-seal';
