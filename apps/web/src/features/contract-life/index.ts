/** What other features may use from the contract's life (docs/decisions/0450, 1224): the project page's section. */
export { ContractLifeSection } from './components/contract-life-section';
