// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DownloadButton } from '../components/ui/download-button';
import { renderWithProviders } from '../testing/render';
import { ApiError } from './api-client';
import { fetchDownload, fileNameFromDisposition, useDownload } from './download';
import { clearSession, saveSession } from './session';

function answer(status: number, body: BodyInit, headers: Record<string, string> = {}) {
  return new Response(body, { status, headers });
}

let fetchMock: ReturnType<typeof vi.fn>;
let saved: Array<{ href: string; download: string }>;
let created: string[];
let revoked: string[];

beforeEach(() => {
  saveSession({
    token: { token: 't', expires_at: '2099-01-01T00:00:00.000Z' },
    datauser: { id: 1, firstname: 'A', lastname: 'B', email: 'a@b.fr', user_type: 'Professionnel', is_validate: 'Validé' },
  } as never);
  fetchMock = vi.fn(async () =>
    answer(200, '%PDF-1.7', {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="devis-_t_.pdf"; filename*=UTF-8''devis-%C3%A9t%C3%A9-%D8%B9%D8%B1%D8%B6.pdf`,
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  saved = [];
  created = [];
  revoked = [];
  let n = 0;
  URL.createObjectURL = vi.fn(() => {
    const url = `blob:test/${++n}`;
    created.push(url);
    return url;
  });
  URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearSession();
});

describe('the file name a server gives', () => {
  it('prefers the UTF-8 name (RFC 5987) to the ASCII one', () => {
    expect(fileNameFromDisposition(`attachment; filename="facture-_.pdf"; filename*=UTF-8''facture-%C3%A9t%C3%A9.pdf`, 'x')).toBe('facture-été.pdf');
    expect(fileNameFromDisposition(`inline; filename*=utf-8'fr'%D8%B9%D8%B1%D8%B6.pdf`, 'x')).toBe('عرض.pdf');
  });

  it('reads a quoted or a bare name, and falls back when there is none or it is malformed', () => {
    expect(fileNameFromDisposition('attachment; filename="pv reception.pdf"', 'x')).toBe('pv reception.pdf');
    expect(fileNameFromDisposition('attachment; filename=produits.csv', 'x')).toBe('produits.csv');
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''%E0%A4%A.pdf; filename="plain.pdf"`, 'x')).toBe('plain.pdf');
    expect(fileNameFromDisposition('attachment', 'document.pdf')).toBe('document.pdf');
    expect(fileNameFromDisposition(null, 'document.pdf')).toBe('document.pdf');
  });
});

describe('fetching a file', () => {
  it('sends the session, and names the file after the server unless the screen names it', async () => {
    const file = await fetchDownload({ path: 'api/devis/7/pdf' });
    expect(file.name).toBe('devis-été-عرض.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7');
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/devis/7/pdf');
    expect(init.headers).toEqual({ authorization: 'Bearer t' });
    expect((await fetchDownload({ path: 'api/devis/7/pdf', name: 'devis-D-7.pdf' })).name).toBe('devis-D-7.pdf');
  });

  it('sends no session for a link’s file, and turns its refusal into the API’s message', async () => {
    fetchMock.mockResolvedValueOnce(answer(410, JSON.stringify({ success: false, error: { code: 'LINK_EXPIRED', message: 'Ce lien a expiré.' } })));
    const refusal = await fetchDownload({ path: '/api/signature/abc/document-signe', anonymous: true }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 410, code: 'LINK_EXPIRED', message: 'Ce lien a expiré.' });
    expect((fetchMock.mock.calls[0] as [string, RequestInit])[1]).toMatchObject({ credentials: 'omit' });
  });
});

describe('useDownload', () => {
  it('is pending while the file comes, saves it under its name, then lets its object URL go', async () => {
    let release: (r: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (release = resolve)));
    const { result } = renderHook(() => useDownload());
    let done: Promise<boolean> = Promise.resolve(false);
    act(() => {
      done = result.current.download({ path: 'api/facture/3/pdf', name: 'facture-F-3.pdf' });
    });
    expect(result.current.pending).toBe(true);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    // Only the revocation's timer is held back; React's own scheduling runs as usual.
    const timers: Array<() => void> = [];
    vi.spyOn(window, 'setTimeout').mockImplementation(((callback: () => void) => {
      timers.push(callback);
      return 0;
    }) as typeof window.setTimeout);
    await act(async () => {
      release(answer(200, '%PDF'));
      expect(await done).toBe(true);
    });
    expect(result.current.pending).toBe(false);
    expect(result.current.error).toBeNull();
    expect(saved).toEqual([{ href: created[0], download: 'facture-F-3.pdf' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoked).toEqual([]);
    for (const run of timers) run();
    expect(revoked).toEqual([created[0]]);
  });

  it('keeps a refusal in `error` instead of throwing, and clears it at the next try', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(403, JSON.stringify({ success: false, error: { code: 'FORBIDDEN', message: 'Vous n’avez pas accès à cette ressource.' } })),
    );
    const { result } = renderHook(() => useDownload());
    await act(async () => {
      expect(await result.current.download({ path: 'api/facture/3/pdf' })).toBe(false);
    });
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(saved).toEqual([]);
    expect(created).toEqual([]);
    await act(async () => {
      expect(await result.current.download({ path: 'api/facture/3/pdf' })).toBe(true);
    });
    expect(result.current.error).toBeNull();
  });

  it('opens a file in the tab opened at the click, and closes that tab when the file is refused', async () => {
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { result } = renderHook(() => useDownload());
    await act(async () => void (await result.current.open({ path: 'api/devis/7/pdf' })));
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(tab.location.href).toBe(created[0]);
    expect(tab.opener).toBeNull();
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await act(async () => void (await result.current.open({ path: 'api/devis/7/pdf' })));
    expect(tab.close).toHaveBeenCalledTimes(1);
    expect(result.current.error).toMatchObject({ code: 'NETWORK' });
  });
});

describe('the download button', () => {
  it('shows the failure under the button, in French', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    renderWithProviders(
      <DownloadButton file={{ path: 'api/devis/7/pdf' }} data-testid="quote-pdf">
        PDF
      </DownloadButton>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'PDF' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('Impossible de joindre le serveur'));
    await waitFor(() => expect(screen.getByTestId('quote-pdf').hasAttribute('data-loading')).toBe(false));
  });
});
