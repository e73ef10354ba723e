import { afterEach, describe, expect, it, vi } from 'vitest';

/** What the preload script leaves in `window.ouvrageBoot` on a stored user's dashboard. */
function answer(data: unknown, status = 200) {
  return new Response(JSON.stringify({ success: status < 400, data, ...(status >= 400 ? { error: { code: 'FORBIDDEN', message: 'Accès refusé' } } : {}) }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const session = (id: number, user_type = 'client') => ({
  token: { token: `jeton-${id}`, expires_at: new Date(Date.now() + 15 * 60_000).toISOString() },
  datauser: { id, firstname: 'Julie', lastname: 'Martin', email: 'client@ouvrage.test', user_type, is_validate: 'Validé' },
});

/** A fresh app (its modules read `window.ouvrageBoot` when they load) with a stored user and the script's boot object. */
async function start(stored: ReturnType<typeof session>['datauser'] | null, boot: object | undefined) {
  vi.resetModules();
  const storage = new Map<string, string>(stored ? [['datauser', JSON.stringify(stored)]] : []);
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => storage.set(k, v),
    clear: () => storage.clear(),
  });
  vi.stubGlobal('sessionStorage', { clear: () => undefined });
  vi.stubGlobal('window', { ouvrageBoot: boot, location: { assign: () => undefined } });
  const fetch = vi.fn(async (url: string) => (url === '/api/refresh' ? answer(session(stored?.id ?? 0, stored?.user_type)) : answer({ from: 'api' })));
  vi.stubGlobal('fetch', fetch);
  return { fetch, client: await import('./api-client'), boot: await import('./boot-session') };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('what the preload script started (decision 0950)', () => {
  it('uses the renewal the script started, once, and asks for none of its own', async () => {
    const renewed = answer(session(7));
    const { fetch, client } = await start(session(7).datauser, { refresh: Promise.resolve(renewed), figures: {} });
    const first = await client.refreshSession();
    expect(first?.token.token).toBe('jeton-7');
    expect(fetch).not.toHaveBeenCalled();
    // The next renewal is the app's own.
    await client.refreshSession();
    expect(fetch).toHaveBeenCalledWith('/api/refresh', expect.objectContaining({ method: 'POST' }));
  });

  it('claims the boot object when the entry runs first, so that a later script starts nothing', async () => {
    vi.resetModules();
    vi.stubGlobal('window', {});
    await import('./boot-session');
    expect((globalThis as { window: { ouvrageBoot?: object } }).window.ouvrageBoot).toEqual({});
  });

  it('uses the preloaded figures for the user they were asked for, once', async () => {
    const figures = { '/api/dashboard/client': { user: 7, at: Date.now(), answer: Promise.resolve(answer({ from: 'script' })) } };
    const { fetch, client } = await start(session(7).datauser, { refresh: Promise.resolve(answer(session(7))), figures });
    await client.refreshSession();
    expect(await client.apiCall('GET', 'api/dashboard/client')).toEqual({ from: 'script' });
    expect(fetch).not.toHaveBeenCalled();
    expect(await client.apiCall('GET', 'api/dashboard/client')).toEqual({ from: 'api' });
  });

  it('ignores figures asked for another user, or too long ago', async () => {
    const other = { '/api/dashboard/client': { user: 8, at: Date.now(), answer: Promise.resolve(answer({ from: 'script' })) } };
    let app = await start(session(7).datauser, { refresh: Promise.resolve(answer(session(7))), figures: other });
    await app.client.refreshSession();
    expect(await app.client.apiCall('GET', 'api/dashboard/client')).toEqual({ from: 'api' });

    const stale = { '/api/dashboard/client': { user: 7, at: Date.now() - 60_000, answer: Promise.resolve(answer({ from: 'script' })) } };
    app = await start(session(7).datauser, { refresh: Promise.resolve(answer(session(7))), figures: stale });
    await app.client.refreshSession();
    expect(await app.client.apiCall('GET', 'api/dashboard/client')).toEqual({ from: 'api' });
  });

  it('asks the API itself when the script got no answer (renewal refused, another user)', async () => {
    const figures = { '/api/dashboard/client': { user: 7, at: Date.now(), answer: Promise.resolve(null) } };
    const { fetch, client } = await start(session(7).datauser, { refresh: Promise.resolve(answer(session(7))), figures });
    await client.refreshSession();
    expect(await client.apiCall('GET', 'api/dashboard/client')).toEqual({ from: 'api' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('passes on the API refusal the script received, as a call of its own would', async () => {
    const figures = { '/api/dashboard/client': { user: 7, at: Date.now(), answer: Promise.resolve(answer(null, 403)) } };
    const { client } = await start(session(7).datauser, { refresh: Promise.resolve(answer(session(7))), figures });
    await client.refreshSession();
    await expect(client.apiCall('GET', 'api/dashboard/client')).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('forgets every preloaded answer when the session ends', async () => {
    const figures = { '/api/dashboard/client': { user: 7, at: Date.now(), answer: Promise.resolve(answer({ from: 'script' })) } };
    const { boot } = await start(session(7).datauser, { figures });
    boot.forgetPreloadedAnswers();
    expect(boot.takePreloadedAnswer('/api/dashboard/client', 7)).toBeNull();
  });
});
