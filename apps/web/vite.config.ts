import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type Rollup } from 'vite';
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

/**
 * The opened screen's code, asked for while the entry script still downloads (decision 0949). The
 * first pages' screens (and, for a stored user, the dashboard with the shell) are lazy chunks: the
 * browser would only learn of them once the entry has loaded and run. A small classic script
 * (`async`, an own file: the content security policy forbids inline scripts) adds a
 * `<link rel="modulepreload">` for each chunk of the opened path's screen that the entry does not
 * already bring (and a `<link rel="preload" as="style">` for the styles they import); the module
 * loader then reuses them. Other paths: nothing.
 */
function preloadOpenedScreen(): Plugin {
  const src = resolve(import.meta.dirname, 'src');
  const screens: Record<string, { modules: string[]; user?: boolean }> = {
    '/': { modules: ['features/projects/components/journey-screen.tsx'] },
    '/login': { modules: ['features/auth/components/login-screen.tsx'] },
    '/professionnel': { modules: ['features/professionals/components/landing-screen.tsx'] },
    // A stored user's dashboard: its screen, the shell, and what the router waits for on any screen
    // but the first pages (the screen table, the whole kit's styles, the query client, the guard).
    '/dashboard': {
      modules: ['app/screens/dashboard-screen.tsx', 'app/layout/app-layout.tsx', 'app/routes.tsx', 'app/styles/all-styles.ts', 'lib/query-client.ts', 'app/capability-guard.tsx'],
      user: true,
    },
  };
  return {
    name: 'ouvrage:preload-opened-screen',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
      const closure = (fileName: string, seen = new Set<string>()): Set<string> => {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') for (const imported of chunk.imports) closure(imported, seen);
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry);
      const html = bundle['index.html'];
      if (!entry || html?.type !== 'asset') return;
      const withEntry = closure(entry.fileName);
      const cssOf = (fileName: string) => [...((bundle[fileName] as Rollup.OutputChunk).viteMetadata?.importedCss ?? [])];
      const entryCss = new Set([...withEntry].flatMap(cssOf));
      // Each file named once (without `assets/`); each path lists its files by number.
      const names: string[] = [];
      const paths: Record<string, number[]> = {};
      const forUser: string[] = [];
      for (const [path, { modules, user }] of Object.entries(screens)) {
        const files = new Set<string>();
        for (const module of modules) {
          const chunk = chunks.find((c) => c.facadeModuleId === join(src, module));
          if (!chunk) throw new Error(`ouvrage:preload-opened-screen: no chunk for ${module}`);
          for (const file of closure(chunk.fileName)) {
            if (withEntry.has(file)) continue;
            files.add(file);
            for (const css of cssOf(file)) if (!entryCss.has(css)) files.add(css);
          }
        }
        paths[path] = [...files].map((file) => {
          if (!/^assets\/[^/]+\.(js|css)$/.test(file)) throw new Error(`ouvrage:preload-opened-screen: unexpected file ${file}`);
          const name = file.slice('assets/'.length);
          if (!names.includes(name)) names.push(name);
          return names.indexOf(name);
        });
        if (user) forUser.push(path);
      }
      const code =
        `(function(){var f=${JSON.stringify(names)},m=${JSON.stringify(paths)},u=${JSON.stringify(forUser)};` +
        `var p=location.pathname.replace(/\\/+$/,'')||'/',s=m[p];if(!s)return;` +
        `try{if(u.indexOf(p)>=0&&!localStorage.getItem('datauser'))return}catch(e){return}` +
        `for(var i=0;i<s.length;i++){var n=f[s[i]],l=document.createElement('link');if(/\\.css$/.test(n)){l.rel='preload';l.as='style'}else l.rel='modulepreload';` +
        `l.crossOrigin='';l.href='/assets/'+n;document.head.appendChild(l)}})();\n`;
      const fileName = this.getFileName(this.emitFile({ type: 'asset', name: 'opened-screen.js', source: code }));
      const source = String(html.source);
      const at = source.indexOf('<script type="module"');
      if (at < 0) throw new Error('ouvrage:preload-opened-screen: no entry script in index.html');
      html.source = `${source.slice(0, at)}<script async src="/${fileName}"></script>\n    ${source.slice(at)}`;
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), preloadTranslations(), preloadOpenedScreen()],
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
