// The platform's seal identity now lives in the signature module, which seals the signed PDFs
// (decision 0645); the verification page reads the same one.
export { platformSealIdentity } from '../signature';
