import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateJourneyStep } from '@ouvrage/domain';
import { clearJourney, parseDecimal, readJourney, writeJourneyItem } from './storage';
import { toProjectRequest, toRequestBody } from './request';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.has(key) ? this.items.get(key)! : null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  get length() {
    return this.items.size;
  }
}

let store: MemoryStorage;
beforeEach(() => {
  store = new MemoryStorage();
  (globalThis as { window?: unknown }).window = { sessionStorage: store };
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('journey session storage (spec §3)', () => {
  it('keeps each item as JSON text under its own name and reads them back', () => {
    writeJourneyItem('surface', '120');
    writeJourneyItem('projet', 3);
    writeJourneyItem('showAdresse', false);
    writeJourneyItem('adresse', null);
    expect(store.getItem('surface')).toBe('"120"');
    expect(store.getItem('projet')).toBe('3');
    expect(store.getItem('showAdresse')).toBe('false');
    expect(store.getItem('adresse')).toBe('null');
    expect(readJourney()).toEqual({ surface: '120', projet: 3, showAdresse: false, adresse: null });
  });

  it('drops an item that is not valid JSON, and clears everything after submission', () => {
    store.setItem('budget', '{pas du json');
    store.setItem('autre', '"gardé"');
    expect(readJourney()).toEqual({});
    expect(store.getItem('budget')).toBeNull();
    writeJourneyItem('email', 'a@b.fr');
    clearJourney();
    expect(store.getItem('email')).toBeNull();
    expect(store.getItem('autre')).toBe('"gardé"');
  });

  it('works without session storage (private mode)', () => {
    delete (globalThis as { window?: unknown }).window;
    expect(() => writeJourneyItem('surface', '1')).not.toThrow();
    expect(readJourney()).toEqual({});
  });
});

describe('typed values to the API body', () => {
  it('parses French decimals and euros into numbers and cents', () => {
    expect(parseDecimal('45,5')).toBe(45.5);
    expect(parseDecimal('1 250')).toBe(1250);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('abc')).toBeNaN();
    const body = toRequestBody({
      surface: '68',
      surfaceTravaux: '45,5',
      valueBien: '420 000',
      accompagnement: false,
      besoinAccompagnement: 'Suivi de chantier',
      typeClient: 'particulier',
      companyName: 'x',
    });
    expect(body).toMatchObject({ surface: 68, surfaceTravaux: 45.5, valueBien: 42_000_000, besoinAccompagnement: null, companyName: null, latitude: null });
    expect(toRequestBody({ valueBien: '250 000,50 €' }).valueBien).toBe(25_000_050);
    expect(toRequestBody({ valueBien: ' ' }).valueBien).toBeNull();
    expect(toRequestBody({ valueBien: '12,345' }).valueBien).toBeNaN();
  });

  it('feeds the domain step rules with French messages', () => {
    expect(validateJourneyStep('caracteristiques', toProjectRequest({ surface: '50', surfaceTravaux: '80', budget: '10k-30k' }))).toEqual({
      surfaceTravaux: 'La surface des travaux ne peut pas dépasser la surface du bien.',
    });
    expect(
      validateJourneyStep('caracteristiques', toProjectRequest({ surface: '50', surfaceTravaux: '20', budget: '10k-30k', valueBien: 'beaucoup' })).valueBien,
    ).toBe('La valeur du bien doit être un nombre (ex. : 250 000).');
    // « abc » as a surface is not a missing surface (issue 15).
    expect(validateJourneyStep('caracteristiques', toProjectRequest({ surface: 'abc', surfaceTravaux: '', budget: '10k-30k' }))).toEqual({
      surface: 'La surface du bien doit être un nombre (ex. : 85 ou 85,5).',
      surfaceTravaux: 'La surface des travaux est obligatoire.',
    });
  });
});
