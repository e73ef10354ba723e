/** What other features may use from professionals (docs/decisions/0450): the admin's views of a profile. */
export { openCertificate, useProInfo, useStatusRegister, type ProfessionalInfo } from './api/profile';
export { useProfessions } from './api/reference-lists';
export { useTradeNames, type TradeNamer } from './api/trade-names';
export { useReferences } from './api/references';
export { useDepartements, useZones } from './api/zones';
export { ChecklistItems, ValidationBadge } from './components/profile-checklist';
export { insuranceGapsLabel } from './components/insurance-gaps';
