// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { useEffect, type ReactNode } from 'react';
import { renderWithProviders } from '../../../testing/render';
import PdfViewerScreen from './pdf-viewer-screen';

/**
 * The viewer's controls around pdf.js: react-pdf is replaced at its boundary by a document of
 * three pages that draws each page as a labelled canvas of the width asked.
 */
const loaded: Array<{ data: Uint8Array }> = [];
vi.mock('react-pdf', () => ({
  pdfjs: { GlobalWorkerOptions: {} },
  Document: ({ file, onLoadSuccess, children }: { file: { data: Uint8Array }; onLoadSuccess: (pdf: { numPages: number }) => void; children: ReactNode }) => {
    useEffect(() => {
      loaded.push(file);
      onLoadSuccess({ numPages: 3 });
    }, [file]); // eslint-disable-line react-hooks/exhaustive-deps
    return <div>{children}</div>;
  },
  Page: ({ pageNumber, width }: { pageNumber: number; width: number }) => <canvas data-testid="pdf-canvas" data-page={pageNumber} data-width={width} />,
}));

const PDF = new TextEncoder().encode('%PDF-1.7\n%%EOF\n');

function answer(status: number, body: BodyInit, headers: Record<string, string>) {
  return new Response(body, { status, headers });
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  loaded.length = 0;
  fetchMock = vi.fn(async () => answer(200, PDF, { 'content-type': 'application/pdf', 'content-disposition': 'inline; filename="devis-D-2026-0007.pdf"' }));
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:pdf');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(url: string, lng: 'fr' | 'en' | 'ar' = 'fr') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/viewpdf" element={<PdfViewerScreen />} />
      </Routes>
    </MemoryRouter>,
    { lng },
  );
}

describe('/viewpdf', () => {
  it('fetches the linked PDF without credentials and pages through it', async () => {
    const user = userEvent.setup();
    renderAt('/viewpdf?t=quote-pdf.7.123.sig');
    expect(await screen.findByText('Page 1 / 3')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/document-links/quote-pdf.7.123.sig', expect.objectContaining({ credentials: 'omit' }));
    expect(new TextDecoder().decode(loaded[0].data)).toMatch(/^%PDF-/);
    expect(screen.getByRole('heading', { name: 'devis-D-2026-0007.pdf' })).toBeTruthy();

    const previous = screen.getByRole('button', { name: 'Page précédente' });
    const next = screen.getByRole('button', { name: 'Page suivante' });
    expect(previous).toHaveProperty('disabled', true);
    await user.click(next);
    expect(screen.getByText('Page 2 / 3')).toBeTruthy();
    expect(screen.getByTestId('pdf-canvas').dataset.page).toBe('2');
    await user.click(next);
    expect(next).toHaveProperty('disabled', true);
    await user.click(previous);
    expect(screen.getByText('Page 2 / 3')).toBeTruthy();

    const download = screen.getByRole('link', { name: 'Télécharger' });
    expect(download.getAttribute('href')).toBe('blob:pdf');
    expect(download.getAttribute('download')).toBe('devis-D-2026-0007.pdf');
  });

  it('zooms in and out by steps and fits the width again', async () => {
    const user = userEvent.setup();
    renderAt('/viewpdf?t=quote-pdf.7.123.sig');
    await screen.findByText('Page 1 / 3');
    const width = () => Number(screen.getByTestId('pdf-canvas').dataset.width);
    const fitted = width();
    expect(screen.getByTestId('pdf-zoom').textContent).toBe('100 %');
    expect(screen.getByRole('button', { name: 'Ajuster à la largeur' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Agrandir' }));
    expect(screen.getByTestId('pdf-zoom').textContent).toBe('125 %');
    expect(width()).toBe(Math.floor(fitted * 1.25));
    await user.click(screen.getByRole('button', { name: 'Réduire' }));
    await user.click(screen.getByRole('button', { name: 'Réduire' }));
    expect(screen.getByTestId('pdf-zoom').textContent).toBe('75 %');
    await user.click(screen.getByRole('button', { name: 'Ajuster à la largeur' }));
    expect(screen.getByTestId('pdf-zoom').textContent).toBe('100 %');
    expect(width()).toBe(fitted);
  });

  it('answers the keyboard: Page Down / Page Up, + and −, 0', async () => {
    renderAt('/viewpdf?t=quote-pdf.7.123.sig');
    await screen.findByText('Page 1 / 3');
    // The page count can show a moment before the keys are listened to (a loaded machine): press
    // again while still on page 1.
    await waitFor(() => {
      if (screen.queryByText('Page 1 / 3')) act(() => void fireEvent.keyDown(window, { key: 'PageDown' }));
      expect(screen.getByText('Page 2 / 3')).toBeTruthy();
    });
    act(() => {
      fireEvent.keyDown(window, { key: 'PageUp' });
      fireEvent.keyDown(window, { key: '+' });
    });
    expect(screen.getByText('Page 1 / 3')).toBeTruthy();
    expect(screen.getByTestId('pdf-zoom').textContent).toBe('125 %');
    act(() => {
      fireEvent.keyDown(window, { key: '0' });
    });
    expect(screen.getByTestId('pdf-zoom').textContent).toBe('100 %');
  });

  it('says an expired link has expired and to ask for a new one, in French and in Arabic', async () => {
    const expired = () =>
      answer(403, JSON.stringify({ success: false, error: { code: 'DOCUMENT_LINK_EXPIRED', message: 'Ce lien vers le document a expiré.' } }), {
        'content-type': 'application/json',
      });
    fetchMock.mockImplementation(async () => expired());
    renderAt('/viewpdf?t=quote-pdf.7.123.sig');
    expect((await screen.findByRole('alert')).textContent).toContain('Ce lien a expiré. Demandez un nouveau lien');
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
    expect(loaded).toEqual([]);
    cleanup();
    renderAt('/viewpdf?t=quote-pdf.7.123.sig', 'ar');
    expect((await screen.findByRole('alert')).textContent).toContain('انتهت صلاحية هذا الرابط');
  });

  it('mirrors the controls in Arabic but not the page', async () => {
    renderAt('/viewpdf?t=quote-pdf.7.123.sig', 'ar');
    expect(await screen.findByText('الصفحة 1 من 3')).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByTestId('pdf-pages').getAttribute('dir')).toBe('ltr');
    expect(screen.getByRole('button', { name: 'الصفحة التالية' })).toBeTruthy();
    // « Previous » sits at the start (right) and points right; « next » points left.
    expect(screen.getByRole('button', { name: 'الصفحة السابقة' }).querySelector('svg')?.dataset.points).toBe('right');
    expect(screen.getByRole('button', { name: 'الصفحة التالية' }).querySelector('svg')?.dataset.points).toBe('left');
    expect(screen.getByTestId('pdf-zoom').textContent).toBe('100٪');
  });

  it('names a missing token without asking the server', async () => {
    renderAt('/viewpdf');
    expect((await screen.findByRole('alert')).textContent).toContain('Aucun document');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('names a tampered link', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(403, JSON.stringify({ success: false, error: { code: 'DOCUMENT_LINK_INVALID', message: 'invalide' } }), { 'content-type': 'application/json' }),
    );
    renderAt('/viewpdf?t=quote-pdf.8.123.sig');
    expect((await screen.findByRole('alert')).textContent).toContain('Ce lien n’est pas valide');
  });

  it('offers to retry after a network failure', async () => {
    const user = userEvent.setup();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderAt('/viewpdf?t=x', 'en');
    expect((await screen.findByRole('alert')).textContent).toContain('The server cannot be reached');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Page 1 / 3')).toBeTruthy());
  });
});
