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
  /** An insurance not done: what it lacks (issue 36 §6), so that the screens say it. */
  gaps?: InsuranceGap[];
}

/**
 * What keeps an insurance from counting: none at all (`missing`), or each part it lacks — the
 * insurer, the policy number, the certificate, the validity dates — or dates that do not cover
 * today (`notStarted`, `expired`).
 */
export const INSURANCE_GAPS = ['missing', 'insurer', 'policyNumber', 'certificate', 'dates', 'notStarted', 'expired'] as const;
export type InsuranceGap = (typeof INSURANCE_GAPS)[number];

export interface Completeness {
  items: ChecklistItem[];
  missing: ProfileCheck[];
  /** Share of required items done, 0–100. */
  percent: number;
  complete: boolean;
}

const filled = (v: string | null | undefined) => typeof v === 'string' && v.trim().length > 0;

/** What an insurance lacks to count on `today` (YYYY-MM-DD); empty when it counts. */
export function insuranceGaps(insurance: InsuranceSnapshot | null | undefined, today: string): InsuranceGap[] {
  if (!insurance) return ['missing'];
  const gaps: InsuranceGap[] = [];
  if (!filled(insurance.insurer)) gaps.push('insurer');
  if (!filled(insurance.policyNumber)) gaps.push('policyNumber');
  if (!filled(insurance.certificatePath)) gaps.push('certificate');
  if (!insurance.validFrom || !insurance.validUntil) gaps.push('dates');
  else if (today < insurance.validFrom) gaps.push('notStarted');
  else if (insurance.validUntil < today) gaps.push('expired');
  // Nothing entered at all is one thing missing, not five.
  return gaps.length === 4 ? ['missing'] : gaps;
}

/** An insurance counts when insurer, policy, certificate are there and it covers `today` (YYYY-MM-DD). */
export function insuranceValid(insurance: InsuranceSnapshot | null | undefined, today: string): boolean {
  return insuranceGaps(insurance, today).length === 0;
}

/**
 * Décennale (garantie décennale, Code civil art. 1792) is mandatory for builders and architects;
 * a dessinateur who does not sign works needs RC pro only.
 */
export function decennaleRequired(userType: ProfessionalType): boolean {
  return userType !== 'dessinateur';
}

function insuranceItem(key: ProfileCheck, required: boolean, insurance: InsuranceSnapshot | null | undefined, today: string): ChecklistItem {
  const gaps = insuranceGaps(insurance, today);
  return gaps.length ? { key, required, done: false, gaps } : { key, required, done: true };
}

export function profileCompleteness(p: ProfileSnapshot, today: string): Completeness {
  const items: ChecklistItem[] = [
    { key: 'legal', required: true, done: filled(p.raisonSociale) && filled(p.formeJuridique) && filled(p.siret) && filled(p.nafCode) },
    { key: 'tva', required: true, done: filled(p.tvaNumber) },
    { key: 'headOffice', required: true, done: filled(p.headOfficeAddress) && filled(p.headOfficePostcode) && filled(p.headOfficeCity) },
    insuranceItem('decennale', decennaleRequired(p.userType), p.decennale, today),
    insuranceItem('rcPro', true, p.rcPro, today),
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
