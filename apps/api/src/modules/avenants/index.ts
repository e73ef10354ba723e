/** The avenants module's public entry (docs/decisions/0450, 1220). */
export { avenantRoutes } from './routes';
export { avenantsToSign } from './dashboard-repository';
export { contractAvenants, type AvenantSummary } from './contract-summary';
export { pendingAvenantCount, signedAvenantsOf } from './repository';
export { registerContractClosure, type ContractClosure } from './contract-closures';
export { avenantCards, type AvenantCard } from './document-cards';
