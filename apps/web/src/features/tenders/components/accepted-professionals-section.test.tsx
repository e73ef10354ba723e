// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { PublicProfessional } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { AcceptedProfessionalsSection } from './accepted-professionals-section';

const plumber: PublicProfessional = {
  professional_id: 4,
  tender_id: 9,
  accepted_at: '2026-11-20T10:00:00.000Z',
  name: 'Karim Benali',
  company: 'Benali Plomberie',
  trade_name: null,
  user_type: 'professionnel',
  profession: 'plombier',
  services: [],
  description: 'Plomberie et chauffage depuis 2015.',
  website: null,
  contact_email: 'pro@ouvrage.test',
  contact_phone: null,
  city: 'Lyon',
  year_founded: 2015,
  headcount: null,
  has_logo: false,
  decennale: null,
  references: [],
};

describe('the professionals who accepted a project, in Arabic', () => {
  it('lays out a French description in its own direction (its full stop stays at its end)', () => {
    renderWithProviders(<AcceptedProfessionalsSection projectId={16} forClient />, {
      lng: 'ar',
      route: '/single-projet/16',
      queries: [[['projects', 'professionals', 16], [plumber]]],
      fetchQueries: false,
    });
    expect(screen.getByText('المهنيون الذين قبلوا مشروعك (1)')).toBeTruthy();
    expect(screen.getByText('Plomberie et chauffage depuis 2015.').getAttribute('dir')).toBe('auto');
    // The client writes to each professional from here (decision 1230).
    expect(screen.getByTestId('write-to-4').textContent).toBe('مراسلة Benali Plomberie');
  });
});
