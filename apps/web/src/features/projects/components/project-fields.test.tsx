// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ProjectDto } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { ProjectFields } from './project-fields';

const project: ProjectDto = {
  id: 7,
  client_id: 3,
  support: 'maison',
  projet: 1,
  category_name: 'Extension',
  bien: 1,
  bien_name: 'Maison',
  street: '18 rue Oberkampf',
  codePostale: '75011',
  ville: 'Paris',
  cityCode: '75111',
  departement: '75',
  latitude: null,
  longitude: null,
  showAdresse: true,
  surface: 120,
  surfaceTravaux: 30,
  valueBien: null,
  budget: '30000-60000',
  budget_min_cents: 3_000_000,
  budget_max_cents: 6_000_000,
  times: 'asap',
  delai: '3mois',
  proprio: 'oui',
  description: '',
  accompagnement: false,
  besoinAccompagnement: null,
  typeClient: 'particulier',
  companyName: null,
  siret: null,
  civility: 'Mme',
  lastname: 'Bernard',
  firstname: 'Julie',
  email: 'julie.bernard@example.fr',
  phone: '0612345678',
  country: 'France',
  state: 'En attente',
  stage: 'Étude',
  created_at: '2026-11-02T09:00:00.000Z',
  updated_at: '2026-11-02T09:00:00.000Z',
  can_edit: false,
  can_cancel: false,
  next_states: [],
  next_stages: [],
};

/** The element holding `text` is a `<bdi>`: its own direction inside the Arabic page. */
const isolated = (text: string) => screen.getByText(text).tagName;

describe('a project’s fields in Arabic', () => {
  it('keeps the street, the town and the phone in their own direction, and shows a dash for an empty value', () => {
    // The catalogue's translations are not fetched here: the names stay French, as when it fails.
    renderWithProviders(<ProjectFields project={project} />, { lng: 'ar', fetchQueries: false });
    expect(isolated('18 rue Oberkampf')).toBe('BDI');
    expect(isolated('75011 Paris')).toBe('BDI');
    expect(isolated('06 12 34 56 78')).toBe('BDI');
    expect(isolated('julie.bernard@example.fr')).toBe('BDI');
    // The description is empty: a dash, not a blank.
    expect(screen.getAllByText('—').length).toBeGreaterThan(0);
  });
});
