// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { CatalogLabels } from '@ouvrage/contracts';
import { quoteDetail, renderQuotes } from '../testing/fixtures';
import { QuoteParties } from './quote-parties';

/**
 * The project line is composed by the web from the parts the API sends (decision 1206), its
 * category and good in the reader's language; the insurance line keeps each typed part in its own
 * direction, so that in Arabic the French insurer and cover do not swap places with the words.
 */
const labels: CatalogLabels = {
  categories: [
    {
      id: 1,
      slug: 'surelevation',
      name: 'Surélévation',
      description: '',
      translations: { en: { name: 'Extension upwards', description: '' }, ar: { name: 'تعلية', description: '' } },
    },
  ],
  biens: [
    { id: 2, slug: 'maison', name: 'Maison', description: '', translations: { en: { name: 'House', description: '' }, ar: { name: 'منزل', description: '' } } },
  ],
};
const quote = quoteDetail({
  project: {
    id: 3,
    title: 'Surélévation · Maison — Bordeaux',
    category: 'Surélévation',
    name: { category_name: 'Surélévation', bien_name: 'Maison', city: 'Bordeaux' },
  },
  issuer: {
    ...quoteDetail().issuer,
    decennale: {
      insurer: 'MAAF Assurances',
      insurer_address: null,
      policy_number: 'DEC-2026-42',
      coverage: 'France métropolitaine',
      valid_from: '2026-04-01',
      valid_until: '2027-03-31',
      has_certificate: true,
    },
  },
});
const queries: Array<[readonly unknown[], unknown]> = [[['catalog', 'public', 'labels'], labels]];

describe('QuoteParties', () => {
  it.each([
    ['fr', 'Surélévation · Maison — Bordeaux'],
    ['en', 'Extension upwards · House — Bordeaux'],
    ['ar', 'تعلية · منزل — Bordeaux'],
  ] as const)('names the project in %s', async (lng, expected) => {
    renderQuotes(<QuoteParties quote={quote} />, { lng, queries });
    const client = await screen.findByTestId('quote-client');
    expect(client.textContent).toContain(expected);
    if (lng !== 'fr') expect(client.textContent).not.toMatch(/Surélévation|Maison/);
  });

  it('keeps each part of the insurance line in its own direction in Arabic', () => {
    renderQuotes(<QuoteParties quote={quote} />, { lng: 'ar', queries });
    const [decennale] = screen.getAllByTestId('insurance-text');
    const isolated = [...decennale.querySelectorAll('bdi')].map((b) => b.textContent);
    expect(isolated).toEqual(['MAAF Assurances', 'France métropolitaine']);
    // The policy number and the date inside left-to-right isolates, within the Arabic words.
    expect(decennale.textContent).toContain('\u2066DEC-2026-42\u2069');
    expect(decennale.textContent).toMatch(/\u206631\/03\/2027\u2069/);
  });
});
