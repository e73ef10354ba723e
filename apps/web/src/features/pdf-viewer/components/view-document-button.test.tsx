// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import { ViewDocumentButton } from './view-document-button';

const calls: unknown[] = [];
let outcome: () => Promise<unknown> = async () => ({
  url: '/viewpdf?t=quote-pdf.7.99.sig',
  token: 'quote-pdf.7.99.sig',
  expires_at: '2026-11-23T10:30:00.000Z',
});
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: async (endpoint: { method: string; path: string }, input: unknown) => {
    calls.push([endpoint.method, endpoint.path, input]);
    return outcome();
  },
}));

afterEach(() => vi.restoreAllMocks());

describe('« Voir »', () => {
  it('asks for a link to this document and sends the tab opened at the click to the viewer', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderWithProviders(<ViewDocumentButton kind="quote-pdf" id={7} />);
    await userEvent.click(screen.getByRole('button', { name: 'Voir' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(calls).toEqual([['POST', '/api/document-links', { body: { kind: 'quote-pdf', id: 7 } }]]);
    await waitFor(() => expect(tab.location.href).toBe('/viewpdf?t=quote-pdf.7.99.sig'));
    expect(tab.opener).toBeNull();
  });

  it('closes the empty tab and shows the refusal when no link is given', async () => {
    outcome = async () => {
      throw new ApiError('Vous n’avez pas accès à cette ressource.', 403, 'FORBIDDEN');
    };
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderWithProviders(<ViewDocumentButton kind="quote-pdf" id={8} />);
    await userEvent.click(screen.getByRole('button', { name: 'Voir' }));
    expect(await screen.findByText('Vous n’avez pas accès à cette ressource.')).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });
});
