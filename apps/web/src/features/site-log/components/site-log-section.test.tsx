// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { SiteLogJournal } from '@ouvrage/contracts';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import { SiteLogSection } from './site-log-section';

const api = vi.hoisted(() => ({ answer: null as unknown, error: null as unknown }));
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: () => (api.error ? Promise.reject(api.error) : Promise.resolve(api.answer)),
  uploadToEndpoint: vi.fn(),
}));

const journal = (canWrite: boolean): SiteLogJournal => ({
  items: [
    {
      id: 12,
      project_id: 9,
      number: 1,
      work_date: '2026-11-12',
      body: 'Implantation faite.',
      lot_label: null,
      weather_stop: false,
      weather_note: null,
      author: { id: 4, name: 'Paul Maçon', role: 'professionnel' },
      created_at: '2026-11-12T16:00:00Z',
      corrects: null,
      corrected_by: null,
      photos: [],
      comments_count: 0,
    },
  ],
  total: 1,
  total_capped: false,
  page: 1,
  per_page: 10,
  can_write: canWrite,
});

describe('the journal on the project page', () => {
  beforeEach(() => {
    api.error = null;
  });

  it('draws nothing for whoever the API refuses (403)', async () => {
    api.error = new ApiError('Accès refusé.', 403, 'FORBIDDEN');
    renderWithProviders(<SiteLogSection projectId={9} />, { route: '/single-projet/9' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('site-log-section')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers « Nouvelle entrée » and « Corriger » to a writer only', async () => {
    api.answer = journal(true);
    renderWithProviders(<SiteLogSection projectId={9} />, { route: '/single-projet/9' });
    expect(await screen.findByTestId('site-log-new')).toBeTruthy();
    expect(screen.getByTestId('site-log-correct-1')).toBeTruthy();
  });

  it('shows the client the entries without writing actions', async () => {
    api.answer = journal(false);
    renderWithProviders(<SiteLogSection projectId={9} />, { route: '/single-projet/9' });
    await waitFor(() => expect(screen.getByTestId('site-log-entry-1')).toBeTruthy());
    expect(screen.queryByTestId('site-log-new')).toBeNull();
    expect(screen.queryByTestId('site-log-correct-1')).toBeNull();
  });
});
