import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers';

/** Issue 13: the built web app is sent compressed as the build wrote it, with the right cache rules. */
const html = `<!doctype html><html lang="fr"><head><title>Ouvrage</title></head><body><div id="root"></div>${'<!-- remplissage -->'.repeat(100)}</body></html>`;
const script = `export const ouvrage = ${JSON.stringify('x'.repeat(4000))};`;
const webDist = mkdtempSync(join(tmpdir(), 'ouvrage-web-'));
mkdirSync(join(webDist, 'assets'));
for (const [file, body] of [
  ['index.html', html],
  ['assets/index-abc123.js', script],
] as const) {
  writeFileSync(join(webDist, file), body);
  writeFileSync(join(webDist, `${file}.br`), brotliCompressSync(body));
  writeFileSync(join(webDist, `${file}.gz`), gzipSync(body));
}
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const ctx = useTestApp({ webDist });

describe('the web app is served precompressed', () => {
  it('sends the HTML of any screen in brotli to a browser that takes it, never cached', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers['content-type'])).toMatch(/text\/html/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
  });

  it('sends gzip when brotli is not accepted, and plain text when nothing is', async () => {
    const gz = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(html);
    const plain = await ctx.app.inject({ method: 'GET', url: '/professionnel', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  it('sends a hashed asset compressed and cached for a year', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers['content-type'])).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('answers an unknown asset with the JSON 404, not the app', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: '/assets/index-old999.js', headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(404);
    expect(String(missing.headers['content-type'])).toMatch(/application\/json/);
  });
});
