// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { SiteLogEntry } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { EntryCard } from './entry-card';

vi.mock('../../../lib/endpoint-client', () => ({ callEndpoint: () => new Promise(() => undefined) }));
vi.mock('../../../lib/api-client', async (original) => ({ ...(await original()), fetchFileUrl: () => new Promise(() => undefined) }));

const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

const entry = (overrides: Partial<SiteLogEntry>): SiteLogEntry => ({
  id: 20,
  project_id: 9,
  number: 2,
  work_date: '2026-11-12',
  body: 'Terrassement terminé.\nFond de fouille propre.',
  lot_label: 'Gros œuvre',
  weather_stop: false,
  weather_note: null,
  author: { id: 4, name: 'Paul Maçon', role: 'architecte' },
  created_at: '2026-11-12T16:00:00Z',
  corrects: null,
  corrected_by: null,
  photos: [],
  comments_count: 0,
  ...overrides,
});

describe('an entry of the journal', () => {
  it('says which entry corrects it, and offers no « Corriger » once corrected', () => {
    const onCorrect = vi.fn();
    renderWithProviders(
      <EntryCard
        projectId={9}
        onCorrect={onCorrect}
        entry={entry({ corrected_by: { id: 50, number: 5, work_date: '2026-11-12', created_at: '2026-11-14T08:00:00Z' }, comments_count: 2 })}
      />,
    );
    const card = screen.getByTestId('site-log-entry-2');
    expect(plain(card.querySelector('h3')!.textContent)).toBe('n° 2 · 12/11/2026');
    expect(plain(screen.getByTestId('site-log-corrected-by').textContent)).toBe('Corrigée par l’entrée n° 5');
    expect(card.getAttribute('data-corrected')).toBe('true');
    expect(screen.queryByTestId('site-log-correct-2')).toBeNull();
    expect(screen.getByTestId('site-log-comments-toggle-2').textContent).toBe('Commentaires (2)');
    expect(plain(card.textContent)).toContain('Paul Maçon · Architecte');
    expect(plain(card.textContent)).toContain('Lot : Gros œuvre');
  });

  it('names the entry a correction corrects, and lets a writer correct it; the text keeps its own direction', () => {
    const onCorrect = vi.fn();
    const correction = entry({
      id: 30,
      number: 3,
      weather_stop: true,
      weather_note: 'Pluie battante.',
      corrects: { id: 10, number: 1, work_date: '2026-11-11', created_at: '2026-11-11T08:00:00Z' },
    });
    renderWithProviders(<EntryCard projectId={9} onCorrect={onCorrect} entry={correction} />);
    expect(plain(screen.getByTestId('site-log-corrects').textContent)).toBe('Corrige l’entrée n° 1');
    expect(plain(screen.getByTestId('site-log-weather').textContent)).toBe('Intempéries : Pluie battante.');
    const body = screen.getByTestId('site-log-body');
    expect(body.getAttribute('dir')).toBe('auto');
    expect(body.textContent).toBe('Terrassement terminé.\nFond de fouille propre.');
    fireEvent.click(screen.getByRole('button', { name: 'Corriger l’entrée n° 3' }));
    expect(onCorrect).toHaveBeenCalledWith(correction);
  });

  it('gives a reader without the right to write no « Corriger », and reads in Arabic', () => {
    renderWithProviders(
      <EntryCard projectId={9} entry={entry({ corrected_by: { id: 50, number: 5, work_date: '2026-11-12', created_at: '2026-11-14T08:00:00Z' } })} />,
      { lng: 'ar' },
    );
    expect(screen.queryByText('تصحيح')).toBeNull();
    expect(plain(screen.getByTestId('site-log-corrected-by').textContent)).toBe('صُحِّح بالإدخال رقم 5');
    expect(screen.getByTestId('site-log-entry-2').textContent).not.toMatch(/Corrig|Commentaires|Architecte/);
  });
});
