// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import type { Profession, Service } from './reference-lists';
import { useTradeNames } from './trade-names';

const professions: Profession[] = [{ id: 14, slug: 'architecte', name: 'Architecte', user_type: 'architecte' }];
const services: Service[] = [
  { id: 60, slug: 'plans-2d', name: 'Plans 2D', profession_id: 16 },
  { id: 61, slug: 'couverture', name: 'Couverture (tuiles, ardoises, zinc)', profession_id: 5 },
];

function Names() {
  const names = useTradeNames();
  return (
    <ul>
      <li data-testid="by-slug">{names.profession({ slug: 'architecte', name: 'Architecte' })}</li>
      <li data-testid="by-name">{names.professionNamed('Architecte')}</li>
      <li data-testid="unknown">{names.professionNamed('Cordiste')}</li>
      <li data-testid="services">{names.join(['Plans 2D', 'Couverture (tuiles, ardoises, zinc)'].map(names.serviceNamed))}</li>
      <li data-testid="slugs">{names.servicesOfSlugs('plans-2d couverture', 'Plans 2D, Couverture (tuiles, ardoises, zinc)')}</li>
    </ul>
  );
}

/** The public lists as the API gives them, already fetched: the test reads no network. */
function render(lng: 'fr' | 'ar') {
  const { container } = renderWithProviders(<Names />, {
    lng,
    queries: [
      [['professions'], professions],
      [['services'], services],
    ],
  });
  return (id: string) => within(container).getByTestId(id).textContent;
}

describe('trades and services in the reader’s language', () => {
  it('are named in Arabic by slug, or through the lists by their French name', () => {
    const text = render('ar');
    expect(text('by-slug')).toBe('مهندس معماري');
    expect(text('by-name')).toBe('مهندس معماري');
    expect(text('services')).toBe('مخططات ثنائية الأبعاد، تغطية الأسقف (قرميد، أردواز، زنك)');
    expect(text('slugs')).toBe('مخططات ثنائية الأبعاد، تغطية الأسقف (قرميد، أردواز، زنك)');
  });

  it('keep a name nobody translated, and the database’s names in French', () => {
    expect(render('ar')('unknown')).toBe('Cordiste');
    const text = render('fr');
    expect(text('by-name')).toBe('Architecte');
    expect(text('slugs')).toBe('Plans 2D, Couverture (tuiles, ardoises, zinc)');
    expect(text('services')).toBe('Plans 2D, Couverture (tuiles, ardoises, zinc)');
  });
});
