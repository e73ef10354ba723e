import { describe, expect, it } from 'vitest';
import { elidesDe, frenchDe } from '../src/french-elision';

describe('« de » before a name (decision 1200)', () => {
  it('elides before a vowel, accented or not, in any case', () => {
    for (const name of ['Atelier Lefèvre', 'Éric Martin', 'Île-de-France Bâtiment', 'Ouest Rénovation', 'Ursule', 'Œuvre commune', 'ÂGE d’or', 'EDF'])
      expect(frenchDe(name), name).toBe(`d’${name}`);
  });

  it('elides before y followed by a consonant only', () => {
    expect(frenchDe('Yves Martin')).toBe('d’Yves Martin');
    expect(frenchDe('Yannick Le Gall')).toBe('de Yannick Le Gall');
    expect(frenchDe('Yacine')).toBe('de Yacine');
  });

  it('elides before h only for the listed mute-h words', () => {
    expect(frenchDe('Hélène Roux')).toBe('d’Hélène Roux');
    expect(frenchDe('Hôtel Bellevue')).toBe('d’Hôtel Bellevue');
    expect(frenchDe('Habitat Concept')).toBe('d’Habitat Concept');
    expect(frenchDe('Hangar 12')).toBe('de Hangar 12');
    expect(frenchDe('Hauts-de-Seine Toitures')).toBe('de Hauts-de-Seine Toitures');
  });

  it('keeps « de » before a consonant, a digit, a quote mark or nothing', () => {
    for (const name of ['Bâti Sud', 'SARL Dupont', '3D Architecture', '« Hôtel » Rénov', '']) expect(elidesDe(name), name).toBe(false);
    expect(frenchDe('Bâti Sud')).toBe('de Bâti Sud');
  });
});
