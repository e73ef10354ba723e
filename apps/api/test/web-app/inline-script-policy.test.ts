import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../src/plugins/web-app';
import { useTestApp } from '../helpers';

/**
 * Decision 0977: the built HTML's inline script (the opened screen's preloads) runs under the
 * content security policy by its hash, and no other inline script does.
 */
const inline = `(function () { var p = location.pathname; document.documentElement.dataset.p = p; })();`;
const html = `<!doctype html><html lang="fr"><head><title>Ouvrage</title><script>${inline}</script>
<script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`;
const webDist = mkdtempSync(join(tmpdir(), 'ouvrage-web-'));
writeFileSync(join(webDist, 'index.html'), html);
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const expected = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
const ctx = useTestApp({ webDist });

describe('the inline script of the web app', () => {
  it('is named by its hash in the policy of every page', async () => {
    for (const url of ['/login', '/dashboard']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      const scriptSrc = String(res.headers['content-security-policy'])
        .split(';')
        .find((directive) => directive.startsWith('script-src'));
      expect(scriptSrc, url).toBe(`script-src 'self' ${expected}`);
    }
  });

  it('is not needed by a JSON answer, which allows nothing (decision 0983)', async () => {
    for (const url of ['/api/health', '/api/inconnue']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('hashes inline scripts only, and nothing without a built app', () => {
    expect(inlineScriptHashes(webDist)).toEqual([expected]);
    expect(inlineScriptHashes(undefined)).toEqual([]);
    expect(inlineScriptHashes(join(webDist, 'absent'))).toEqual([]);
  });
});
