/**
 * The users module's public entry (docs/decisions/0450): the only way other modules read or create
 * accounts. Functions take the caller's executor (`deps.db` or its transaction).
 */
export { userRoutes } from './routes';
export { issuerOf } from './issuer-of';
export { activeAdmins, findUser, findUserByEmail, findUsers, insertUser, searchProfessionalIds } from './repository';
export { registerRetention, type Retention } from './retention';
export { registerClientCompanies, type ClientCompanies } from './client-companies';
export { registerLatestClientRequest, type LatestClientRequests } from './latest-client-request';
export { registerProfessionalAccounts, type ProfessionalAccounts } from './professional-accounts';
export { professionalsAwaitingValidation } from './admin-figures';
export { authAccounts } from './auth-accounts';
export { notificationRecipients } from './notification-recipients';
