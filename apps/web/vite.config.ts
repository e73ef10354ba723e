import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The API listens on 127.0.0.1 in development (decision 0424); `localhost` may resolve to ::1 first.
const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * Every text file of the build gets a `.br` and a `.gz` twin, compressed once at their best
 * levels: the API serves them as they are (decision 0946) instead of compressing each answer.
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'ouvrage:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|json|svg|txt)$/.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * `<link rel="preload">` of the French translations in the HTML: every visitor reads them (French
 * is the language by default and every other language's fallback), and without it their request
 * starts only once the entry script has loaded and run, while the first screen waits for them.
 * The URL is the one `lib/i18n.ts` asks for (same `?v=`, same CORS mode), so the answer is reused.
 */
function preloadTranslations(): Plugin {
  const domain = readFileSync(new URL('../../packages/domain/src/index.ts', import.meta.url), 'utf8');
  const version = /export const PRODUCT_VERSION = '([^']+)'/.exec(domain)?.[1];
  if (!version) throw new Error('PRODUCT_VERSION introuvable dans packages/domain/src/index.ts');
  return {
    name: 'ouvrage:preload-translations',
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'preload', href: `/locales/fr/translations.json?v=${version}`, as: 'fetch', crossorigin: 'anonymous' }, injectTo: 'head' },
    ],
  };
}

export default defineConfig({
  plugins: [react(), precompress(), preloadTranslations()],
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // Our shared packages are plain declarations (schemas, rules, tables): a screen that uses one
      // export of them does not drag the modules it does not use into its chunk (decision 0945).
      treeshake: { moduleSideEffects: [{ test: /[\\/]packages[\\/](domain|contracts)[\\/]src[\\/]/, sideEffects: false }] },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': api, '/admin': api },
  },
});
