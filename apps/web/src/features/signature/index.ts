/**
 * What other features may use from signature (docs/decisions/0450): the signing steps and their
 * API shape, so that another document (a réception's PV, decision 0720) is signed the same way.
 */
export { SigningFlow } from './components/signing-flow';
export { type SigningApi } from './api/signing';
export { documentTitle } from './model/document-title';
