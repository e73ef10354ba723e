import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPhone, checkSiret, CLIENT_TYPES, formatPhone, isValidSiret, normalizePhone, phoneProblem, siretProblem } from '../src';

describe('one phone rule', () => {
  it('stores every accepted form in E.164', () => {
    expect(normalizePhone('06 12 34 56 78')).toBe('+33612345678');
    expect(normalizePhone('0612345678')).toBe('+33612345678');
    expect(normalizePhone('01.23.45.67.89')).toBe('+33123456789');
    expect(normalizePhone('+33 6 12 34 56 78')).toBe('+33612345678');
    expect(normalizePhone('0033 6 12 34 56 78')).toBe('+33612345678');
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(() => normalizePhone('12')).toThrow();
  });

  it('gives overseas French numbers their own country code', () => {
    expect(normalizePhone('0696 12 34 56')).toBe('+596696123456'); // Martinique
    expect(normalizePhone('0594 30 12 34')).toBe('+594594301234'); // Guyane
    expect(normalizePhone('0690 12 34 56')).toBe('+590690123456'); // Guadeloupe
    expect(normalizePhone('0262 12 34 56')).toBe('+262262123456'); // La Réunion
    expect(normalizePhone('0639 12 34 56')).toBe('+262639123456'); // Mayotte
  });

  it('shows French numbers nationally, whatever form was stored (old rows included)', () => {
    for (const stored of ['+33612345678', '0612345678', '06 12 34 56 78']) expect(formatPhone(stored)).toBe('06 12 34 56 78');
    expect(formatPhone('+596696123456')).toBe('06 96 12 34 56');
    expect(formatPhone('+442079460958')).toBe('+442079460958');
    expect(formatPhone('n/a')).toBe('n/a');
    expect(formatPhone(null)).toBe('');
  });

  it('refuses with a French message', () => {
    expect(phoneProblem('')).toBe('empty');
    expect(phoneProblem('+33 0 12 34 56 78')).toBe('french');
    expect(phoneProblem('+596 696 12 34')).toBe('french');
    expect(phoneProblem('06 12 34 56')).toBe('invalid');
    expect(phoneProblem('zéro six')).toBe('invalid');
    expect(checkPhone('12')).toMatch(/n'est pas valide/);
  });

  it('round trip: a stored number reads back to itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 99_999_999 }), (first, rest) => {
        const national = `0${first}${String(rest).padStart(8, '0')}`;
        const stored = normalizePhone(national);
        expect(stored).toMatch(/^\+\d{11,12}$/);
        expect(normalizePhone(formatPhone(stored))).toBe(stored);
        expect(formatPhone(stored).replace(/\s/g, '')).toBe(national);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('one SIRET rule', () => {
  it('the project form and the professional sign-up agree on every La Poste SIRET', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), (nic) => {
        const siret = `356000000${String(nic).padStart(5, '0')}`;
        expect(checkSiret(siret) === null).toBe(siretProblem(siret) === null);
        expect(checkSiret(siret) === null).toBe(isValidSiret(siret));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('one list of client types', () => {
  it('is particulier and entreprise', () => {
    expect(CLIENT_TYPES).toEqual(['particulier', 'entreprise']);
  });
});
