// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { activityRoutes, projectRoutes, type ActivityEntry, type ProjectDto, type ProjectFull } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import ProjectScreen from './project-screen';

/**
 * The client's project page shows one history (decision 1202): the project's timeline, with the
 * project's own events (state, stage, details, files) once each, newest first, beside its records' —
 * no second « Historique » repeating them.
 */

vi.mock('react-router', async (original) => ({ ...(await original<typeof import('react-router')>()), useParams: () => ({ id: '7' }) }));
vi.mock('../../../lib/auth', () => ({ useCurrentUser: () => ({ id: 3, user_type: 'client', is_validate: 'Validé' }) }));
vi.mock('../../tenders', () => ({ AcceptedProfessionalsSection: () => null, TenderProgressLine: () => null }));
vi.mock('../../quotes', () => ({ CompareQuotesLink: () => null }));
vi.mock('../../catalog', () => ({ useCatalogLabels: () => ({ category: (n: string) => n, bien: (n: string) => n }) }));

const project = {
  id: 7,
  client_id: 3,
  category_name: 'Extension',
  bien_name: 'Maison',
  ville: 'Paris',
  state: 'Annulé',
  stage: 'Étude',
  created_at: '2026-11-02T09:00:00.000Z',
  can_edit: false,
  can_cancel: false,
  next_states: [],
  next_stages: [],
} as unknown as ProjectDto;

// The project's own history, as the project endpoint still answers it.
const full: ProjectFull = {
  project,
  details: [],
  files: [],
  activity: [
    { id: 1, action: 'created', from_value: null, to_value: 'En attente', message: '', actor_name: 'Julie Bernard', created_at: '2026-11-02T09:00:00.000Z' },
    {
      id: 2,
      action: 'state',
      from_value: 'En attente',
      to_value: 'Validé',
      message: 'Dossier complet, merci.',
      actor_name: 'Admin',
      created_at: '2026-11-03T09:00:00.000Z',
    },
    {
      id: 3,
      action: 'state',
      from_value: 'Validé',
      to_value: 'Annulé',
      message: 'Nous reportons les travaux.',
      actor_name: 'Julie Bernard',
      created_at: '2026-11-05T09:00:00.000Z',
    },
  ],
};
const client = { name: 'Julie Bernard', role: 'client' as const };
const timeline: ActivityEntry[] = [
  {
    id: 'project:3',
    kind: 'project.state',
    at: '2026-11-05T09:00:00.000Z',
    who: client,
    params: { from: 'Validé', to: 'Annulé', text: 'Nous reportons les travaux.' },
    link: '/single-projet/7',
  },
  {
    id: 'quote-event:4',
    kind: 'quote.sent',
    at: '2026-11-04T09:00:00.000Z',
    who: { name: 'Alice Archi', role: 'architecte' },
    params: { number: 'D-2026-0001', version: 1 },
    link: '/devis/4',
  },
  {
    id: 'project:2',
    kind: 'project.state',
    at: '2026-11-03T09:00:00.000Z',
    who: { name: 'Admin', role: 'admin' },
    params: { from: 'En attente', to: 'Validé', text: 'Dossier complet, merci.' },
    link: '/single-projet/7',
  },
  { id: 'project:1', kind: 'project.created', at: '2026-11-02T09:00:00.000Z', who: client, params: { to: 'En attente' }, link: '/single-projet/7' },
];

vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: async (route: { path: string }) => {
    if (route.path === projectRoutes.getProject.path) return full;
    if (route.path === activityRoutes.projectActivity.path) return { project_id: 7, total: timeline.length, items: timeline };
    throw new Error(`unexpected call ${route.path}`);
  },
}));

const plain = (el: Element) => (el.textContent ?? '').replace(/[\u2066-\u2069]/g, '');

describe('the client’s project page', () => {
  it('shows one history: every event once, newest first, with the words typed on a change', async () => {
    renderWithProviders(<ProjectScreen />, { route: '/single-projet/7' });
    const history = await screen.findByTestId('project-activity');
    await within(history).findByText(/Projet déposé/);
    // One history section: no second « Historique ».
    expect(screen.queryByTestId('project-history')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Historique' })).toBeNull();
    expect(screen.getAllByRole('heading', { name: 'Activité du projet' })).toHaveLength(1);
    // Each event once, newest first.
    const items = history.querySelectorAll('.mantine-Timeline-item');
    expect(items).toHaveLength(4);
    expect([...items].map((i) => i.getAttribute('data-kind'))).toEqual(['project.state', 'quote.sent', 'project.state', 'project.created']);
    expect(plain(items[0])).toContain('État du projet passé de « Validé » à « Annulé »');
    expect(screen.getAllByText(/passé de « En attente » à « Validé »/)).toHaveLength(1);
    // The admin's comment and the client's reason for cancelling, once each.
    expect(screen.getAllByText('Dossier complet, merci.')).toHaveLength(1);
    expect(screen.getAllByText('Nous reportons les travaux.')).toHaveLength(1);
  });
});
