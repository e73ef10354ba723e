import { describe, expect, it } from 'vitest';
import { departementOfInsee, legalFormLabel, normalizeNafCode } from '../src/legal-forms';

describe('legal forms, NAF codes, départements', () => {
  it('labels INSEE legal categories, keeping unknown codes readable', () => {
    expect(legalFormLabel('5499')).toBe('SARL');
    expect(legalFormLabel('5710')).toBe('SAS');
    expect(legalFormLabel('1000')).toBe('Entrepreneur individuel');
    expect(legalFormLabel('9999')).toBe('Catégorie juridique 9999');
    expect(legalFormLabel(null)).toBeNull();
  });

  it('normalises NAF codes to 43.22A', () => {
    expect(normalizeNafCode('4322a')).toBe('43.22A');
    expect(normalizeNafCode(' 43.22A ')).toBe('43.22A');
    expect(normalizeNafCode('plomberie')).toBeNull();
  });

  it('finds the département of an INSEE code, Corsica and overseas included', () => {
    expect(departementOfInsee('69383')).toBe('69');
    expect(departementOfInsee('2A004')).toBe('2A');
    expect(departementOfInsee('97411')).toBe('974');
    expect(departementOfInsee(null)).toBeNull();
  });
});
