import type { ProfessionalAccounts } from '../users';
import { checkIdentity } from './identity-check';
import { completenessFor } from './profile';
import { insertCompany, listLeads } from './repository';

/** This module's side of the users module's `ProfessionalAccounts` contract (decision 1180). */
export const professionalAccounts: ProfessionalAccounts = {
  completeness: completenessFor,
  createCompany: (tx, company) => insertCompany(tx, company),
  checkIdentity,
  leads: listLeads,
};
