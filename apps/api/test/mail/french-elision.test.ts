import { describe, expect, it } from 'vitest';
import { interpolate } from '../../src/modules/mail';

/** « de {{name}} » in a French mail or notification elides before a vowel sound (decision 1200). */
describe('« de » before a name in French texts', () => {
  const subject = 'Devis {{label}} de {{issuer}} : {{title}}';
  const facts = { label: 'D-2026-0001', title: 'Cuisine' };

  it('writes « d’Atelier Lefèvre », « d’Yves », « d’Hélène », « d’Hôtel »', () => {
    expect(interpolate(subject, 'fr', { ...facts, issuer: 'Atelier Lefèvre' })).toBe('Devis D-2026-0001 d’Atelier Lefèvre : Cuisine');
    expect(interpolate('Facture {{number}} de {{issuer}}', 'fr', { number: 'F-1', issuer: 'Yves Martin' })).toBe('Facture F-1 d’Yves Martin');
    expect(interpolate('Facture {{number}} de {{issuer}}', 'fr', { number: 'F-1', issuer: 'Hélène Roux' })).toBe('Facture F-1 d’Hélène Roux');
    expect(interpolate('Facture {{number}} de {{issuer}}', 'fr', { number: 'F-1', issuer: 'Hôtel Bellevue' })).toBe('Facture F-1 d’Hôtel Bellevue');
  });

  it('keeps « de » before a consonant, an aspirated h, an amount, a missing value, and in English', () => {
    expect(interpolate(subject, 'fr', { ...facts, issuer: 'Bâti Sud' })).toBe('Devis D-2026-0001 de Bâti Sud : Cuisine');
    expect(interpolate(subject, 'fr', { ...facts, issuer: 'Hangar 12' })).toBe('Devis D-2026-0001 de Hangar 12 : Cuisine');
    expect(interpolate('Un paiement de {{amount}}', 'fr', { amount: 12_000 })).toMatch(/^Un paiement de 120,00/);
    expect(interpolate('Devis de {{issuer}}', 'fr', {})).toBe('Devis de ');
    expect(interpolate('Quote from {{issuer}}', 'en', { issuer: 'Atelier Lefèvre' })).toBe('Quote from Atelier Lefèvre');
    // Only the word « de »: « Code {{x}} » is left alone.
    expect(interpolate('Code {{code}}', 'fr', { code: 'A1' })).toBe('Code A1');
  });
});
