import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendError } from './error-handler';

/**
 * Paths that belong to the API: an unknown one is a JSON 404, never the web app. Judged on the
 * normalised path (`//api/x`, `/./api`, `/%61pi`, `\api`, `/API` all count), as a browser or a
 * proxy may normalise it later.
 */
export function isApiPath(url: string): boolean {
  let path = url.split(/[?#]/, 1)[0];
  try {
    path = decodeURIComponent(path);
  } catch {
    // An undecodable path is judged as sent.
  }
  path = posix.normalize(`/${path.replace(/\\/g, '/')}`);
  return /^\/(api|admin)(\/|$)/i.test(path);
}

/**
 * The content security policy's source for each inline script of the built index.html (decision
 * 0977): `'sha256-…'` of its text, so that the browser runs that script and no other inline one.
 * None without a built web app.
 */
export function inlineScriptHashes(distDir: string | undefined): string[] {
  const index = distDir && join(distDir, 'index.html');
  if (!index || !existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
}

/**
 * Serve the built web app (apps/web/dist) with a single-page fallback to index.html.
 * Hashed assets are cached for a year; index.html never. The build writes a `.br` and a `.gz`
 * twin of every text file (apps/web/vite.config.ts): they are sent as they are to a browser that
 * accepts them, the HTML included, rather than compressed again on each request (decision 0946).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined) {
  const hasWeb = Boolean(distDir && existsSync(join(distDir, 'index.html')));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir!,
      wildcard: false,
      index: false,
      preCompressed: true,
      schemaHide: true,
      setHeaders: (res, path) => {
        res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // Missing assets (an old hashed chunk, a typo) are 404s, not the app's HTML.
    const isAsset = /^\/assets\/|\.[a-z0-9]{2,5}(\?|$)/i.test(request.url);
    if (isApiPath(request.url) || isAsset || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(reply, 'ROUTE_NOT_FOUND');
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
