// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ProfessionalTender } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { TenderProjectFields } from './tender-card';

const project = {
  ville: 'Paris',
  codePostale: '75011',
  support: 'maison',
  surface: 120,
  surfaceTravaux: 30,
  budget: '30000-60000',
  times: 'asap',
  delai: '3mois',
  description: 'Extension de 30 m² sur jardin',
  files: [],
} as unknown as ProfessionalTender['project'];

describe('a tender’s project in Arabic', () => {
  it('shows its town and its description in their own direction', () => {
    renderWithProviders(<TenderProjectFields project={project} />, { lng: 'ar' });
    expect(screen.getByText('Paris (75011)').tagName).toBe('BDI');
    expect(screen.getByText('Extension de 30 m² sur jardin').tagName).toBe('BDI');
  });
});
