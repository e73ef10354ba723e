import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compactReference,
  createCreditorReference,
  findCreditorReferences,
  formatCreditorReference,
  invoiceCreditorReference,
  invoiceIdOfReference,
  isValidCreditorReference,
} from '../src';

const body = fc.stringMatching(/^[A-Z0-9]{1,21}$/);

describe('RF creditor reference (ISO 11649)', () => {
  it('accepts the standard’s examples and refuses altered ones', () => {
    expect(isValidCreditorReference('RF18539007547034')).toBe(true);
    expect(isValidCreditorReference('RF18 5390 0754 7034')).toBe(true);
    expect(isValidCreditorReference('rf18 5390 0754 7034')).toBe(true);
    expect(isValidCreditorReference('RF18000000000539007547034')).toBe(true);
    expect(isValidCreditorReference('RF712348231')).toBe(true);
    // One digit changed, two digits swapped, check digits changed.
    expect(isValidCreditorReference('RF18539007547035')).toBe(false);
    expect(isValidCreditorReference('RF18539007547304')).toBe(false);
    expect(isValidCreditorReference('RF19539007547034')).toBe(false);
    // Shape: prefix, length (body of 1 to 21), characters.
    expect(isValidCreditorReference('RE18539007547034')).toBe(false);
    expect(isValidCreditorReference('RF18')).toBe(false);
    expect(isValidCreditorReference('RF18' + '1'.repeat(22))).toBe(false);
    expect(isValidCreditorReference('RF18_5390')).toBe(false);
    expect(isValidCreditorReference('')).toBe(false);
  });

  it('computes the check digits of the standard’s example', () => {
    expect(createCreditorReference('539007547034')).toBe('RF18539007547034');
    expect(createCreditorReference('2348231')).toBe('RF712348231');
    expect(() => createCreditorReference('')).toThrow();
    expect(() => createCreditorReference('A'.repeat(22))).toThrow();
    expect(() => createCreditorReference('F-2026_01')).toThrow();
  });

  it('prints in groups of four', () => {
    expect(formatCreditorReference('RF18539007547034')).toBe('RF18 5390 0754 7034');
    expect(formatCreditorReference('rf71 2348231')).toBe('RF71 2348 231');
    expect(compactReference(' rf18-5390.0754/7034 ')).toBe('RF18539007547034');
  });

  it('every reference created is valid, in any printed form (property)', () => {
    fc.assert(
      fc.property(body, (b) => {
        const r = createCreditorReference(b);
        expect(r).toMatch(/^RF(0[2-9]|[1-8]\d|9[0-8])[A-Z0-9]{1,21}$/);
        expect(isValidCreditorReference(r)).toBe(true);
        expect(isValidCreditorReference(formatCreditorReference(r))).toBe(true);
        expect(isValidCreditorReference(r.toLowerCase())).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('detects any single changed digit and any swap of two different neighbouring digits (property)', () => {
    // Mod 97 guarantees it for digits (a letter counts as two digits, so only most letter errors are caught).
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,21}$/), fc.nat(), fc.integer({ min: 0, max: 9 }), (b, at, digit) => {
        const r = createCreditorReference(b);
        const i = 2 + (at % (r.length - 2));
        const c = String(digit);
        if (c !== r[i]) expect(isValidCreditorReference(r.slice(0, i) + c + r.slice(i + 1))).toBe(false);
        if (i + 1 < r.length && r[i] !== r[i + 1]) expect(isValidCreditorReference(r.slice(0, i) + r[i + 1] + r[i] + r.slice(i + 2))).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('an invoice’s reference', () => {
  it('reads the number then the platform-wide id, and gives the id back', () => {
    const r = invoiceCreditorReference({ id: 42, number: 'F-2026-0007' });
    expect(r).toMatch(/^RF\d{2}F20260007X42$/);
    expect(isValidCreditorReference(r)).toBe(true);
    expect(invoiceIdOfReference(r)).toBe(42);
    expect(invoiceIdOfReference(formatCreditorReference(r).toLowerCase())).toBe(42);
  });

  it('differs between two issuers’ invoices with the same number', () => {
    expect(invoiceCreditorReference({ id: 1, number: 'F-2026-0001' })).not.toBe(invoiceCreditorReference({ id: 2, number: 'F-2026-0001' }));
  });

  it('is unique per id and always valid, whatever the number (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        fc.string({ maxLength: 40 }),
        fc.integer({ min: 1, max: 1e12 }),
        (id, number, other) => {
          const r = invoiceCreditorReference({ id, number });
          expect(r.length).toBeLessThanOrEqual(25);
          expect(isValidCreditorReference(r)).toBe(true);
          expect(invoiceIdOfReference(r)).toBe(id);
          if (other !== id) expect(invoiceCreditorReference({ id: other, number })).not.toBe(r);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('names no invoice when the reference is invalid or not ours', () => {
    expect(invoiceIdOfReference('RF18539007547034')).toBeNull();
    const r = invoiceCreditorReference({ id: 42, number: 'F-2026-0007' });
    expect(invoiceIdOfReference(r.slice(0, -1) + '3')).toBeNull();
  });

  it('finds references written in a statement label, spaced or not', () => {
    const r = invoiceCreditorReference({ id: 42, number: 'F-2026-0007' });
    expect(findCreditorReferences(`VIR SEPA MARTIN CLAIRE ${formatCreditorReference(r)} FACTURE`)).toContain(r);
    expect(findCreditorReferences(`VIR ${r.toLowerCase()}`)).toContain(r);
    expect(findCreditorReferences('VIR SEPA MARTIN FACTURE F-2026-0007')).toEqual([]);
  });
});
