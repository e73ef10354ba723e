import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { acceptUploads, requireUploadsWhereDeclared } from '../../src/lib/uploads';
import { useTestApp } from '../helpers';

/** Request bodies sent compressed (Content-Encoding) or as multipart forms, decision 0987. */
const ctx = useTestApp();

describe('a compressed request body', () => {
  it('is read on a route that takes a body', async () => {
    const body = gzipSync(JSON.stringify({ email: 'personne@ouvrage.test', password: 'pas-le-bon-1' }));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    // Parsed: the credentials are refused, not the body.
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'INVALID_CREDENTIALS' } });
  });

  it('is not looked for on a read, whose routes take none', async () => {
    const route = ctx.app.printRoutes({ commonPrefix: false, includeHooks: true });
    const health = route.slice(route.indexOf('/api/health (GET'), route.indexOf('\n', route.indexOf('/api/health (GET') + 200));
    expect(health).not.toContain('preParsing');
    const login = route.slice(route.indexOf('/api/login (POST'));
    expect(login.slice(0, login.indexOf('\n', 200))).toContain('preParsing');
  });
});

describe('a multipart form', () => {
  it('is a 415 in French on a route that takes no file', async () => {
    const boundary = 'ouvrage-boundary';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\npersonne@ouvrage.test\r\n--${boundary}--\r\n`;
    const res = await ctx.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: "Ce type de contenu n'est pas accepté." } });
  });
});

describe('a route that declares multipart forms', () => {
  async function appWith(module: (app: FastifyInstance) => Promise<void>) {
    const app = Fastify({ logger: false });
    app.decorate('deps', { config: { uploadMaxBytes: 1024 } } as never);
    requireUploadsWhereDeclared(app);
    await app.register(module);
    return app;
  }
  const uploadRoute = (app: FastifyInstance) => app.post('/api/essai', { schema: { consumes: ['multipart/form-data'] } }, async () => ({ ok: true }));

  it('stops the app from starting when its module does not read forms', async () => {
    const app = await appWith(async (scope) => {
      uploadRoute(scope);
    }).catch((error: Error) => error);
    const started =
      app instanceof Error
        ? app
        : await app.ready().then(
            () => null,
            (error: Error) => error,
          );
    expect(started?.message).toMatch(/POST \/api\/essai reçoit des formulaires multipart, mais son module n'appelle pas acceptUploads/);
  });

  it('starts when its module accepts uploads', async () => {
    const app = await appWith(async (scope) => {
      await acceptUploads(scope);
      uploadRoute(scope);
    });
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});
