import type { ProfessionalType } from './roles';

/**
 * What a professional's profile must hold before the admin can validate it, shown to the
 * professional as a checklist (`get-status-register`) and to the admin as a percentage.
 */
export const PROFILE_CHECKS = ['legal', 'tva', 'headOffice', 'decennale', 'rcPro', 'general', 'trade', 'zones', 'preferences', 'references'] as const;
export type ProfileCheck = (typeof PROFILE_CHECKS)[number];

export interface ProfileSnapshot {
  userType: ProfessionalType;
  raisonSociale?: string | null;
  formeJuridique?: string | null;
  siret?: string | null;
  nafCode?: string | null;
  tvaNumber?: string | null;
  headOfficeAddress?: string | null;
  headOfficePostcode?: string | null;
  headOfficeCity?: string | null;
  decennale?: InsuranceSnapshot | null;
  rcPro?: InsuranceSnapshot | null;
  description?: string | null;
  contactPhone?: string | null;
  contactEmail?: string | null;
  professionId?: number | null;
  serviceCount: number;
  zoneCount: number;
  preferredCategoryCount: number;
  referenceCount: number;
}

export interface InsuranceSnapshot {
  insurer?: string | null;
  policyNumber?: string | null;
  validFrom?: string | null;
  validUntil?: string | null;
  certificatePath?: string | null;
}

export interface ChecklistItem {
  key: ProfileCheck;
  done: boolean;
  /** Required items block validation; recommended ones only improve the profile. */
  required: boolean;
}

export interface Completeness {
  items: ChecklistItem[];
  missing: ProfileCheck[];
  /** Share of required items done, 0–100. */
  percent: number;
  complete: boolean;
}

const filled = (v: string | null | undefined) => typeof v === 'string' && v.trim().length > 0;

/** An insurance counts when insurer, policy, certificate are there and it covers `today` (YYYY-MM-DD). */
export function insuranceValid(insurance: InsuranceSnapshot | null | undefined, today: string): boolean {
  if (!insurance) return false;
  if (!filled(insurance.insurer) || !filled(insurance.policyNumber) || !filled(insurance.certificatePath)) return false;
  if (!insurance.validFrom || !insurance.validUntil) return false;
  return insurance.validFrom <= today && today <= insurance.validUntil;
}

/**
 * Décennale (garantie décennale, Code civil art. 1792) is mandatory for builders and architects;
 * a dessinateur who does not sign works needs RC pro only.
 */
export function decennaleRequired(userType: ProfessionalType): boolean {
  return userType !== 'dessinateur';
}

export function profileCompleteness(p: ProfileSnapshot, today: string): Completeness {
  const items: ChecklistItem[] = [
    { key: 'legal', required: true, done: filled(p.raisonSociale) && filled(p.formeJuridique) && filled(p.siret) && filled(p.nafCode) },
    { key: 'tva', required: true, done: filled(p.tvaNumber) },
    { key: 'headOffice', required: true, done: filled(p.headOfficeAddress) && filled(p.headOfficePostcode) && filled(p.headOfficeCity) },
    { key: 'decennale', required: decennaleRequired(p.userType), done: insuranceValid(p.decennale, today) },
    { key: 'rcPro', required: true, done: insuranceValid(p.rcPro, today) },
    { key: 'general', required: true, done: filled(p.description) && filled(p.contactPhone) && filled(p.contactEmail) },
    { key: 'trade', required: true, done: !!p.professionId && p.serviceCount > 0 },
    { key: 'zones', required: true, done: p.zoneCount > 0 },
    { key: 'preferences', required: true, done: p.preferredCategoryCount > 0 },
    { key: 'references', required: false, done: p.referenceCount > 0 },
  ];
  const required = items.filter((i) => i.required);
  const done = required.filter((i) => i.done).length;
  const missing = items.filter((i) => !i.done).map((i) => i.key);
  return {
    items,
    missing,
    percent: Math.round((done / required.length) * 100),
    complete: done === required.length,
  };
}
