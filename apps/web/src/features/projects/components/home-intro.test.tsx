// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { HomeIntro } from './home-intro';

describe('HomeIntro (issue 36 §6: the home page says what the platform does)', () => {
  it('tells a visitor the three steps and links the professionals’ space', () => {
    renderWithProviders(<HomeIntro />, { route: '/' });
    const intro = screen.getByRole('region', { name: 'Vos travaux de construction ou de rénovation, de la demande au paiement' });
    const steps = within(intro)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(steps).toHaveLength(3);
    expect(steps[0]).toContain('Décrivez votre projet');
    expect(steps[1]).toContain('Recevez des devis');
    expect(steps[2]).toContain('Signez et payez en ligne');
    expect(within(intro).getByRole('link', { name: 'Recevez des projets près de chez vous' }).getAttribute('href')).toBe('/professionnel');
  });

  it('in Arabic', () => {
    renderWithProviders(<HomeIntro />, { route: '/', lng: 'ar' });
    expect(screen.getByRole('link', { name: 'احصل على مشاريع بالقرب منك' }).getAttribute('href')).toBe('/professionnel');
  });
});
