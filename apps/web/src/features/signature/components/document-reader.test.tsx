// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { renderWithProviders } from '../../../testing/render';
import { DocumentReader } from './document-reader';

/**
 * The « read the whole document » count (issue 36 §2, decision 1205): a page counts once it was on
 * screen, not when the frame merely scrolled past it. pdf.js is replaced at its boundary by three
 * pages drawn as canvases of the width asked; the browser's IntersectionObserver by one the test
 * drives.
 */
vi.setConfig({ testTimeout: 30_000 });
vi.mock('./pdf-worker', () => ({}));
vi.mock('react-pdf', () => ({
  pdfjs: { GlobalWorkerOptions: {} },
  Document: ({ onLoadSuccess, children }: { onLoadSuccess: (pdf: { numPages: number }) => void; children: ReactNode }) => {
    useEffect(() => onLoadSuccess({ numPages: 3 }), []); // eslint-disable-line react-hooks/exhaustive-deps
    return <div>{children}</div>;
  },
  // A page is drawn when the test says so (pdf.js draws them one after the other).
  Page: ({ pageNumber, width, onRenderSuccess }: { pageNumber: number; width: number; onRenderSuccess?: () => void }) => {
    const drawn = drawnPages.has(pageNumber);
    useEffect(() => {
      if (drawn) onRenderSuccess?.();
    }, [drawn, width]); // eslint-disable-line react-hooks/exhaustive-deps
    return <canvas data-testid="pdf-canvas" data-number={pageNumber} data-width={width} />;
  },
}));
const drawnPages = new Set([1, 2, 3]);

class FakeObserver {
  static last: FakeObserver | null = null;
  readonly watched = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(el: Element) {
    this.watched.add(el);
  }
  unobserve(el: Element) {
    this.watched.delete(el);
  }
  disconnect() {
    this.watched.clear();
  }
  takeRecords() {
    return [];
  }
  /** The browser says page `n` shows `ratio` of itself, `visible` px of a 600 px frame. */
  show(n: number, ratio: number, visible = ratio * 800) {
    const target = [...this.watched].find((el) => (el as HTMLElement).dataset.page === String(n))!;
    const entry = {
      target,
      isIntersecting: ratio > 0,
      intersectionRatio: ratio,
      intersectionRect: { height: visible },
      rootBounds: { height: 600 },
    } as unknown as IntersectionObserverEntry;
    act(() => this.callback([entry], this as unknown as IntersectionObserver));
  }
}

beforeEach(() => {
  FakeObserver.last = null;
  drawnPages.clear();
  [1, 2, 3].forEach((n) => drawnPages.add(n));
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => vi.unstubAllGlobals());

const BYTES = new TextEncoder().encode('%PDF-1.7\n%%EOF\n');

function reader(lng: 'fr' | 'en' | 'ar' = 'fr') {
  const onProgress = vi.fn();
  renderWithProviders(<DocumentReader bytes={BYTES} onProgress={onProgress} />, { lng });
  return onProgress;
}

describe('DocumentReader', () => {
  it('counts a page as read only once 60 % of it was on screen', async () => {
    const onProgress = reader();
    await screen.findAllByTestId('pdf-canvas');
    await waitFor(() => expect(FakeObserver.last?.watched.size).toBe(3));
    const observer = FakeObserver.last!;
    expect(observer.options.threshold).toContain(0.6);
    expect(screen.getByTestId('signing-pages-read').textContent).toBe('0 page sur 3 lue');

    // Scrolled past: the page's top only peeked into the frame.
    observer.show(2, 0.3);
    expect(screen.getByTestId('signing-pages-read').textContent).toBe('0 page sur 3 lue');
    observer.show(1, 0.75);
    expect(screen.getByTestId('signing-pages-read').textContent).toBe('1 page sur 3 lue');
    observer.show(2, 0.6);
    expect(screen.getByTestId('signing-pages-read').textContent).toBe('2 pages sur 3 lues');
    // Seen once is enough: leaving the screen does not take it back.
    observer.show(1, 0);
    expect(screen.getByTestId('signing-pages-read').textContent).toBe('2 pages sur 3 lues');
    expect(onProgress).toHaveBeenLastCalledWith(2, 3);
    observer.show(3, 1);
    expect(onProgress).toHaveBeenLastCalledWith(3, 3);
    expect(screen.getByTestId('signing-pages-read').textContent).toBe('3 pages sur 3 lues');
  });

  it('watches a page only once it is drawn: empty boxes in the frame are not pages read', async () => {
    drawnPages.delete(2);
    drawnPages.delete(3);
    reader();
    await screen.findAllByTestId('pdf-canvas');
    await waitFor(() => expect(FakeObserver.last?.watched.size).toBe(1));
    expect([...FakeObserver.last!.watched].map((el) => (el as HTMLElement).dataset.page)).toEqual(['1']);
  });

  it('counts a page taller than the frame (zoomed in) once it filled most of the frame', async () => {
    const onProgress = reader('en');
    await screen.findAllByTestId('pdf-canvas');
    await waitFor(() => expect(FakeObserver.last?.watched.size).toBe(3));
    FakeObserver.last!.show(1, 0.2, 300);
    expect(onProgress).toHaveBeenLastCalledWith(0, 3);
    FakeObserver.last!.show(1, 0.25, 400);
    expect(onProgress).toHaveBeenLastCalledWith(1, 3);
    expect(screen.getByTestId('signing-pages-read').textContent).toBe('1 of 3 pages read');
  });

  it('zooms with its buttons and the keyboard, and comes back to the width', async () => {
    reader();
    const canvases = await screen.findAllByTestId('pdf-canvas');
    const fitted = Number(canvases[0].dataset.width);
    fireEvent.click(screen.getByRole('button', { name: 'Agrandir' }));
    expect(screen.getByTestId('signing-zoom').textContent).toBe('125 %');
    expect(Number(screen.getAllByTestId('pdf-canvas')[0].dataset.width)).toBe(Math.floor(fitted * 1.25));
    fireEvent.keyDown(screen.getByTestId('signing-pages'), { key: '+' });
    expect(screen.getByTestId('signing-zoom').textContent).toBe('150 %');
    fireEvent.keyDown(screen.getByTestId('signing-pages'), { key: '0' });
    expect(screen.getByTestId('signing-zoom').textContent).toBe('100 %');
    expect(screen.getByRole('button', { name: 'Ajuster à la largeur' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(screen.getByTestId('signing-pages'), { key: '-' });
    expect(screen.getByTestId('signing-zoom').textContent).toBe('75 %');
  });

  it('says how many pages were read in Arabic', async () => {
    reader('ar');
    await screen.findAllByTestId('pdf-canvas');
    await waitFor(() => expect(FakeObserver.last?.watched.size).toBe(3));
    FakeObserver.last!.show(3, 0.9);
    expect(screen.getByTestId('signing-pages-read').textContent).toBe('الصفحات المقروءة: 1 من 3');
  });
});
