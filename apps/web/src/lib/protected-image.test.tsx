// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { useProtectedImage } from './protected-image';
import { clearSession, saveSession } from './session';

/** The session's fetch answers each protected path with its own bytes; a path named « broken » fails. */
const created: string[] = [];
const revoked: string[] = [];
beforeEach(() => {
  saveSession({
    token: { token: 't', expires_at: '2099-01-01T00:00:00.000Z' },
    datauser: { id: 1, firstname: 'A', lastname: 'B', email: 'a@b.fr', user_type: 'Client', is_validate: 'Validé' },
  } as never);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      return url.includes('broken') ? new Response('{}', { status: 404 }) : new Response(new Blob([url], { type: 'image/png' }));
    }),
  );
  let next = 0;
  // jsdom has no blob URLs: each one is named and counted.
  URL.createObjectURL = vi.fn(() => {
    const url = `blob:test/${(next += 1)}`;
    created.push(url);
    return url;
  });
  URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
  created.length = 0;
  revoked.length = 0;
});

describe('useProtectedImage', () => {
  it('fetches nothing for no path', () => {
    const { result } = renderHook(() => useProtectedImage(null));
    expect(result.current).toEqual({ url: null, failed: false });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('gives the blob URL, never shows the old image for a new path, and revokes each one it no longer shows', async () => {
    const { result, rerender, unmount } = renderHook(({ path }) => useProtectedImage(path), { initialProps: { path: '/api/files/1' } });
    await waitFor(() => expect(result.current.url).toBe('blob:test/1'));
    rerender({ path: '/api/files/2' });
    expect(result.current).toEqual({ url: null, failed: false }); // not the first photo under the second's name
    expect(revoked).toEqual(['blob:test/1']);
    await waitFor(() => expect(result.current.url).toBe('blob:test/2'));
    unmount();
    expect(revoked).toEqual(['blob:test/1', 'blob:test/2']);
  });

  it('says when the file cannot be fetched', async () => {
    const { result } = renderHook(() => useProtectedImage('/api/files/broken'));
    await waitFor(() => expect(result.current).toEqual({ url: null, failed: true }));
    expect(created).toEqual([]);
  });

  it('revokes a URL that arrives after the image was no longer shown', async () => {
    const { unmount } = renderHook(() => useProtectedImage('/api/files/3'));
    unmount();
    await waitFor(() => expect(created).toHaveLength(1));
    await waitFor(() => expect(revoked).toEqual(created));
  });
});
