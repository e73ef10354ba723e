// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { SiteLogEntry } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { EntryCard } from './entry-card';

vi.mock('../../../lib/endpoint-client', () => ({ callEndpoint: () => new Promise(() => undefined) }));

const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

const entry: SiteLogEntry = {
  id: 20,
  project_id: 9,
  number: 3,
  work_date: '2026-11-12',
  body: 'Réseaux posés.',
  lot_label: null,
  weather_stop: false,
  weather_note: null,
  author: { id: 4, name: 'Paul Maçon', role: 'architecte' },
  created_at: '2026-11-12T16:00:00Z',
  corrects: null,
  corrected_by: null,
  photos: [],
  comments_count: 0,
  cited_by: [
    { kind: 'invoice', invoice_id: 41, invoice_number: 'F-2026-0012', invoice_kind: 'situation' },
    { kind: 'reservation', reservation_id: 7, position: 1, quote_id: 12 },
  ],
};

describe('where an entry is cited (decision 1232)', () => {
  it('names the situation it justifies and the reservation whose photo it is, each a link to its page', () => {
    renderWithProviders(<EntryCard projectId={9} entry={entry} />, { route: '/' });
    const invoice = screen.getByTestId('site-log-cited-invoice-41');
    expect(plain(invoice.textContent)).toBe('Justifie la situation n° F-2026-0012');
    expect(invoice.getAttribute('href')).toBe('/facture/41');
    const reservation = screen.getByTestId('site-log-cited-reservation-7');
    expect(plain(reservation.textContent)).toBe('Photo de la réserve n° 2');
    expect(reservation.getAttribute('href')).toBe('/devis/12/reception');
  });

  it('says nothing when the entry is not cited', () => {
    renderWithProviders(<EntryCard projectId={9} entry={{ ...entry, cited_by: [] }} />, { route: '/' });
    expect(screen.queryByTestId('site-log-cited-by')).toBeNull();
  });
});
