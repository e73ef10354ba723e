import { describe, expect, it } from 'vitest';
import { insuranceGaps, insuranceValid, profileCompleteness, type ProfileSnapshot } from '../src/profile-completeness';

const insurance = { insurer: 'SMABTP', policyNumber: 'D-123', validFrom: '2026-01-01', validUntil: '2026-12-31', certificatePath: 'x.pdf' };
const full: ProfileSnapshot = {
  userType: 'professionnel',
  raisonSociale: 'Durand Maçonnerie',
  formeJuridique: 'SARL',
  siret: '81234567600017',
  nafCode: '43.99C',
  tvaNumber: 'FR00812345676',
  headOfficeAddress: '1 rue de la Paix',
  headOfficePostcode: '75002',
  headOfficeCity: 'Paris',
  decennale: insurance,
  rcPro: insurance,
  description: 'Maçonnerie générale',
  contactPhone: '0612345678',
  contactEmail: 'contact@durand.fr',
  professionId: 1,
  serviceCount: 2,
  zoneCount: 1,
  preferredCategoryCount: 1,
  referenceCount: 0,
};

describe('profile completeness', () => {
  it('is complete when every required item is there; references are only recommended', () => {
    const c = profileCompleteness(full, '2026-11-22');
    expect(c.complete).toBe(true);
    expect(c.percent).toBe(100);
    expect(c.missing).toEqual(['references']);
  });

  it('lists what is missing for an empty profile', () => {
    const c = profileCompleteness({ userType: 'professionnel', serviceCount: 0, zoneCount: 0, preferredCategoryCount: 0, referenceCount: 0 }, '2026-11-22');
    expect(c.complete).toBe(false);
    expect(c.percent).toBe(0);
    expect(c.missing).toContain('decennale');
    expect(c.missing).toContain('zones');
  });

  it('counts an expired insurance as missing', () => {
    expect(insuranceValid(insurance, '2027-01-01')).toBe(false);
    expect(insuranceValid({ ...insurance, certificatePath: null }, '2026-06-01')).toBe(false);
    const c = profileCompleteness(full, '2027-01-01');
    expect(c.missing).toContain('decennale');
    expect(c.complete).toBe(false);
  });

  it('does not require the décennale from a dessinateur', () => {
    const c = profileCompleteness({ ...full, userType: 'dessinateur', decennale: null }, '2026-11-22');
    expect(c.complete).toBe(true);
    expect(c.items.find((i) => i.key === 'decennale')?.required).toBe(false);
  });

  it('says what an insurance lacks, not just « to complete » (issue 36 §6)', () => {
    expect(insuranceGaps(insurance, '2026-11-22')).toEqual([]);
    expect(insuranceGaps({ ...insurance, certificatePath: null }, '2026-11-22')).toEqual(['certificate']);
    expect(insuranceGaps({ ...insurance, validFrom: null, insurer: ' ' }, '2026-11-22')).toEqual(['insurer', 'dates']);
    expect(insuranceGaps(insurance, '2027-01-05')).toEqual(['expired']);
    expect(insuranceGaps(insurance, '2025-12-31')).toEqual(['notStarted']);
    expect(insuranceGaps({ ...insurance, policyNumber: '' }, '2027-01-05')).toEqual(['policyNumber', 'expired']);
    expect(insuranceGaps(null, '2026-11-22')).toEqual(['missing']);
    expect(insuranceGaps({}, '2026-11-22')).toEqual(['missing']);
    const c = profileCompleteness({ ...full, decennale: { ...insurance, certificatePath: null } }, '2026-11-22');
    expect(c.items.find((i) => i.key === 'decennale')).toEqual({ key: 'decennale', required: true, done: false, gaps: ['certificate'] });
    expect(c.items.find((i) => i.key === 'rcPro')).toEqual({ key: 'rcPro', required: true, done: true });
  });
});
