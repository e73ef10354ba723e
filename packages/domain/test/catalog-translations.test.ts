import { describe, expect, it } from 'vitest';
import { completeCatalogTranslations, localizeCatalogText } from '../src/catalog-translations';

const renovation = {
  name: 'Rénovation',
  description: 'Rénover un bien existant.',
  translations: { en: { name: 'Renovation', description: '' }, ar: { name: '  ', description: 'تجديد عقار قائم.' } },
};

describe('localizeCatalogText', () => {
  it('shows the French texts in French, and for an unknown language', () => {
    expect(localizeCatalogText(renovation, 'fr')).toEqual({ name: 'Rénovation', description: 'Rénover un bien existant.' });
    expect(localizeCatalogText(renovation, 'de')).toEqual({ name: 'Rénovation', description: 'Rénover un bien existant.' });
    expect(localizeCatalogText(renovation, null)).toEqual({ name: 'Rénovation', description: 'Rénover un bien existant.' });
  });

  it('shows each translated text, and the French one where it is empty', () => {
    expect(localizeCatalogText(renovation, 'en-GB')).toEqual({ name: 'Renovation', description: 'Rénover un bien existant.' });
    expect(localizeCatalogText(renovation, 'ar')).toEqual({ name: 'Rénovation', description: 'تجديد عقار قائم.' });
    expect(localizeCatalogText({ name: 'Maison', description: '' }, 'en')).toEqual({ name: 'Maison', description: '' });
  });
});

describe('completeCatalogTranslations', () => {
  it('answers both languages, trimmed, empty where missing', () => {
    expect(completeCatalogTranslations({ en: { name: ' House ' } })).toEqual({ en: { name: 'House', description: '' }, ar: { name: '', description: '' } });
    expect(completeCatalogTranslations(null)).toEqual({ en: { name: '', description: '' }, ar: { name: '', description: '' } });
  });
});
