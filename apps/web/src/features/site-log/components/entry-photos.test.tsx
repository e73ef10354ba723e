// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { SiteLogPhoto } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { EntryPhotos } from './entry-photos';

vi.mock('../../../lib/api-client', async (original) => ({ ...(await original()), fetchFileUrl: () => new Promise(() => undefined) }));

const photo = (overrides: Partial<SiteLogPhoto>): SiteLogPhoto => ({
  id: 7,
  url: '/api/journal/photos/7',
  thumbnail_url: '/api/journal/photos/7?taille=vignette',
  content_type: 'image/jpeg',
  width: 80,
  height: 60,
  taken_at: '2026-11-20T08:30:00Z',
  ...overrides,
});

describe('the photos of an entry', () => {
  it('link the position the API gave (a professional, the admin) to the map, under the photo and beside it opened', async () => {
    renderWithProviders(<EntryPhotos entryNumber={2} photos={[photo({ position: { latitude: 45.775, longitude: 4.77 } })]} />);
    const link = screen.getByTestId('site-log-photo-position-7');
    expect(link.textContent).toBe('Position');
    expect(link.getAttribute('href')).toBe('https://www.openstreetmap.org/?mlat=45.775&mlon=4.77#map=18/45.775/4.77');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    fireEvent.click(screen.getByRole('button', { name: /Agrandir la photo 1/ }));
    expect((await screen.findByTestId('site-log-photo-full-position')).textContent?.replace(/[\u2066-\u2069]/g, '')).toBe(
      'Position : 45.77500, 4.77000 — voir sur la carte',
    );
  });

  it('show no position where the API gave none (the client, a photo without GPS)', () => {
    renderWithProviders(<EntryPhotos entryNumber={2} photos={[photo({}), photo({ id: 8, position: null })]} />);
    expect(screen.queryByText('Position')).toBeNull();
    expect(document.querySelector('[data-testid^="site-log-photo-position-"]')).toBeNull();
  });
});
