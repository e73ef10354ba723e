import { describe, expect, it } from 'vitest';
import { isValidSiren, isValidSiret, luhnValid, normalizeDigits, siretProblem, tvaKey, tvaMatchesSiren, tvaNumberFor } from '../src/siret';

describe('SIREN / SIRET', () => {
  it('accepts real Luhn-valid identifiers, with or without spaces', () => {
    expect(isValidSiren('732829320')).toBe(true);
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(isValidSiret('732 829 320 00074')).toBe(true);
    expect(normalizeDigits('552.081.317')).toBe('552081317');
  });

  it('refuses a wrong key, a wrong length and letters', () => {
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(isValidSiret('7328293200007')).toBe(false);
    expect(isValidSiret('7328293200007A')).toBe(false);
    expect(isValidSiren('732829321')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });

  it('applies the La Poste exception: digit sum multiple of 5', () => {
    // 3+5+6+4+9+8+3+7 = 45: valid for La Poste although it fails Luhn
    expect(luhnValid('35600000049837')).toBe(false);
    expect(isValidSiret('35600000049837')).toBe(true);
    expect(isValidSiret('35600000010000')).toBe(true);
    // digit sum 46: refused
    expect(isValidSiret('35600000049838')).toBe(false);
    // the head office follows Luhn
    expect(isValidSiret('35600000000048')).toBe(true);
    // La Poste SIRETs with a Luhn key are accepted too (the sign-up refused them while the project form took them)
    expect(isValidSiret('35600000000014')).toBe(true);
    expect(isValidSiret('35600000000022')).toBe(true);
  });

  it('says why a SIRET is refused', () => {
    expect(siretProblem('')).toBe('empty');
    expect(siretProblem('123')).toBe('format');
    expect(siretProblem('73282932000075')).toBe('checksum');
    expect(siretProblem('73282932000074')).toBeNull();
  });
});

describe('TVA intracommunautaire', () => {
  it('computes the key from the SIREN: (12 + 3 × (SIREN mod 97)) mod 97', () => {
    expect(tvaNumberFor('552081317')).toBe('FR03552081317'); // EDF
    expect(tvaNumberFor('732829320')).toBe('FR44732829320');
    expect(tvaKey('000000000')).toBe('12');
  });

  it('checks a TVA number against the SIREN, ignoring spaces and case', () => {
    expect(tvaMatchesSiren('fr 03 552 081 317', '552081317')).toBe(true);
    expect(tvaMatchesSiren('FR04552081317', '552081317')).toBe(false);
    expect(tvaMatchesSiren('FR03552081317', '732829320')).toBe(false);
  });
});
