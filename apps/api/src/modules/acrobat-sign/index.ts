/** The Acrobat Sign module's public entry (issue 10, decisions 0660–0662). */
export { acrobatSignRoutes } from './routes';
export { AcrobatSignClient, AcrobatSignError, type AgreementEvent, type AgreementInfo, type AgreementStatus, type NewAgreement } from './client';
export { refreshAgreements } from './clients';
