/**
 * The professionals module's public entry (docs/decisions/0450): profiles, matching data and the
 * company rows other modules need. Reads take the caller's executor (`deps.db` or a transaction).
 */
export { professionalRoutes } from './routes';
export { completenessFor, insuranceSnapshot, requireProfessional } from './profile';
export { companiesOf, findProfession, insertCompany, insurancesFor, insurancesOf, updateCompany } from './repository';
export { lookupCompany } from './sign-up';
export { professionalAccounts } from './accounts';
export {
  companyName,
  professionalIdentities,
  publicProfiles,
  tenderMailChoices,
  validatedProfessionals,
  type Candidate,
  type ProfessionalIdentity,
} from './profiles-repository';
