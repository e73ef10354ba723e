// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActivityEntry, ProjectActivity } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { ProjectTimeline } from './project-timeline';

/** The timeline's screen states, the endpoint replaced by a project of `total` entries. */
const asked: number[] = [];
let total = 0;
const entry = (i: number): ActivityEntry =>
  i === 0
    ? {
        id: 'invoice:1',
        kind: 'invoice.issued',
        at: '2026-11-23T10:00:00.000Z',
        who: { name: 'Alice Archi', role: 'architecte' },
        params: { number: 'F-2026-0001', variant: 'acompte', amount_cents: 105_000 },
        link: '/facture/1',
      }
    : { id: `project:${i}`, kind: 'project.detail', at: '2026-11-20T10:00:00.000Z', who: null, params: { text: `Question ${i}` }, link: '/single-projet/7' };
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: vi.fn(async (_endpoint: unknown, input: { params: { id: number }; query: { limit: number } }): Promise<ProjectActivity> => {
    asked.push(input.query.limit);
    return { project_id: input.params.id, total, items: Array.from({ length: Math.min(total, input.query.limit) }, (_, i) => entry(i)) };
  }),
}));

function renderTimeline(lng: 'fr' | 'ar' = 'fr') {
  return renderWithProviders(<ProjectTimeline projectId={7} />, { lng, route: '/single-projet/7' });
}

describe('ProjectTimeline', () => {
  beforeEach(() => {
    asked.length = 0;
  });

  it('says when there is nothing yet', async () => {
    total = 0;
    renderTimeline();
    expect(await screen.findByText(/Aucune activité pour l’instant/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Voir plus/ })).toBeNull();
  });

  it('shows 30 entries, the sentence, who and a link to the record (none to the page itself), then 30 more', async () => {
    total = 45;
    const user = userEvent.setup();
    renderTimeline();
    const invoice = await screen.findByText(
      (_, el) => el?.tagName === 'P' && (el.textContent ?? '').replace(/[\u2066-\u2069]/g, '').startsWith('Facture F-2026-0001 émise (acompte)'),
    );
    expect(invoice).toBeTruthy();
    expect(screen.getByText(/Alice Archi · Architecte/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir la facture' }).getAttribute('href')).toBe('/facture/1');
    expect(screen.queryByRole('link', { name: 'Voir le projet' })).toBeNull();
    expect(screen.getAllByText(/Ouvrage \(automatique\)/)).toHaveLength(29);
    await user.click(screen.getByRole('button', { name: 'Voir plus (15 de plus)' }));
    await waitFor(() => expect(screen.getAllByText(/Information complémentaire ajoutée/)).toHaveLength(44));
    expect(asked).toEqual([30, 60]);
    expect(screen.queryByRole('button', { name: /Voir plus/ })).toBeNull();
  });

  it('reads in Arabic', async () => {
    total = 1;
    renderTimeline('ar');
    expect(await screen.findByText('نشاط المشروع')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'عرض الفاتورة' })).toBeTruthy();
  });
});
