import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, defineConfig, type Plugin, type Rollup } from 'vite';
import type { CodeSplittingGroup } from 'rolldown';
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
      // The chunk plan's first pass writes nothing (chunkPlan).
      if (process.env.OUVRAGE_CHUNK_PLAN_PASS) return;
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|json|svg|txt)$/.test(file)) continue;
        const body = readFileSync(file);
        // The HTML always (every visit starts with it; under 1 kB it still halves); other files from 1 kB.
        if (body.length < 1024 && !file.endsWith('.html')) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        );
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
 * The opened screen's code, asked for while the entry script still downloads (decisions 0949,
 * 0950). The first pages' screens (and, for a stored user, the dashboard with the shell) are lazy
 * chunks: the browser would only learn of them once the entry has loaded and run. A small classic
 * script, inline in the HTML so that it runs as the page is read rather than one round trip later
 * (decision 0977; the content security policy allows it by its hash, `inlineScriptHashes`), adds a
 * `<link rel="modulepreload">` for each chunk of the opened path's screen that the entry does not
 * already bring (and a `<link rel="preload" as="style">` for the styles they import); the module
 * loader then reuses them. Other paths: nothing.
 * On a stored user's `/dashboard` it preloads the dashboard's screen and shell; the session's
 * renewal, the role's sections and their figures are the app's own (decision 1160: started from
 * this script too, they brought no measurable gain).
 */
function preloadOpenedScreen(): Plugin {
  const src = resolve(import.meta.dirname, 'src');
  const screens: Record<string, { modules: string[]; user?: boolean }> = {
    '/': { modules: ['features/projects/components/journey-screen.tsx'] },
    '/login': { modules: ['features/auth/components/login-screen.tsx'] },
    '/professionnel': { modules: ['features/professionals/components/landing-screen.tsx'] },
    // A stored user's dashboard: its screen, the shell, and what the router waits for on any screen
    // but the first pages (the screen table, the query client, the guard).
    '/dashboard': {
      modules: ['app/screens/dashboard-screen.tsx', 'app/layout/app-layout.tsx', 'app/routes.tsx', 'lib/query-client.ts', 'app/capability-guard.tsx'],
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
      const filesOf = (modules: string[]) => {
        const files = new Set<string>();
        for (const module of modules) {
          // A module placed in a group (chunkPlan) is no chunk's facade: the chunk holding it.
          const id = join(src, module);
          const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
          if (!chunk) throw new Error(`ouvrage:preload-opened-screen: no chunk for ${module}`);
          for (const file of closure(chunk.fileName)) {
            if (withEntry.has(file)) continue;
            files.add(file);
            for (const css of cssOf(file)) if (!entryCss.has(css)) files.add(css);
          }
        }
        return [...files].map((file) => {
          if (!/^assets\/[^/]+\.(js|css)$/.test(file)) throw new Error(`ouvrage:preload-opened-screen: unexpected file ${file}`);
          const name = file.slice('assets/'.length);
          if (!names.includes(name)) names.push(name);
          return names.indexOf(name);
        });
      };
      const paths: Record<string, number[]> = {};
      const forUser: string[] = [];
      for (const [path, { modules, user }] of Object.entries(screens)) {
        paths[path] = filesOf(modules);
        if (user) forUser.push(path);
      }
      const code = `(function () {
  var f = ${JSON.stringify(names)}, m = ${JSON.stringify(paths)}, u = ${JSON.stringify(forUser)};
  var p = location.pathname.replace(/\\/+$/, '') || '/', s = m[p], user = null;
  if (!s) return;
  if (u.indexOf(p) >= 0) {
    try { user = JSON.parse(localStorage.getItem('datauser')); } catch (e) { return; }
    if (!user || typeof user.id !== 'number' || typeof user.user_type !== 'string') return;
  }
  for (var i = 0; i < s.length; i++) {
    var n = f[s[i]], l = document.createElement('link');
    if (/\\.css$/.test(n)) { l.rel = 'preload'; l.as = 'style'; } else l.rel = 'modulepreload';
    l.crossOrigin = ''; l.href = '/assets/' + n; document.head.appendChild(l);
  }
})();
`;
      if (code.includes('</')) throw new Error('ouvrage:preload-opened-screen: the script would close its own tag');
      const source = String(html.source);
      const at = source.indexOf('<script type="module"');
      if (at < 0) throw new Error('ouvrage:preload-opened-screen: no entry script in index.html');
      html.source = `${source.slice(0, at)}<script>${code}</script>\n    ${source.slice(at)}`;
    },
  };
}

/**
 * Fewer, larger files for the logged-in dashboard (decision 0950). Left to itself, the bundler cuts
 * one file per set of screens sharing a module: a stored user's `/dashboard` asked for ≈ 95 files,
 * and on a phone each costs a round trip (HTTP/1.1, six at a time). What a first page loads must
 * not grow, so the groups are read from the bundler's own cut: a first pass builds (nothing
 * written) with only the first group below, and its chunks — what each one statically and
 * dynamically imports, after tree shaking — decide where each module goes in the real build:
 * - the entry with everything it imports statically, in one file (`$initial`: every page loads
 *   them anyway; they were 13 files);
 * - `signed-in`: the chunks the shell, the capability check and the dashboard screen need and that
 *   no anonymous visitor ever loads (the first pages, their later parts, the notifications host and
 *   the query client are what an anonymous visitor can load);
 * - `signed-in-shared`: the chunks the dashboard needs that a first page loads too, but only after
 *   its first screen (the journey's later steps, the sign-up form…): one file for both;
 * - one `dashboard-*` file per dashboard section (what only it needs);
 * - `kit-shared` and `first-screens`: what every first page loads before its first screen, with
 *   and without the shell needing it too (decision 0971).
 * Other chunks a first page loads before its first screen keep the bundler's cut.
 */
/** A chunk this small (bytes of code, ≈ 1.5 kB gzip) costs more as a request than as bytes. */
const SMALL_CHUNK = 5_000;

function chunkPlan(): { plugin: Plugin; groups: CodeSplittingGroup[] } {
  const src = resolve(import.meta.dirname, 'src');
  const at = (path: string) => join(src, path);
  const PASS = 'OUVRAGE_CHUNK_PLAN_PASS';
  const place = new Map<string, string>();
  const plan = (chunks: Rollup.OutputChunk[]) => {
    const byFile = new Map(chunks.map((c) => [c.fileName, c]));
    const holding = (id: string) => {
      const chunk = chunks.find((c) => c.moduleIds.includes(id));
      if (!chunk) throw new Error(`chunkPlan: no chunk holds ${id}`);
      return chunk;
    };
    const closure = (roots: Rollup.OutputChunk[], follow: (from: Rollup.OutputChunk, to: Rollup.OutputChunk) => boolean) => {
      const seen = new Set<Rollup.OutputChunk>();
      const queue = [...roots];
      while (queue.length) {
        const chunk = queue.pop()!;
        if (seen.has(chunk)) continue;
        seen.add(chunk);
        for (const file of chunk.imports) queue.push(byFile.get(file)!);
        for (const file of chunk.dynamicImports) {
          const to = byFile.get(file);
          if (to && follow(chunk, to)) queue.push(to);
        }
      }
      return seen;
    };
    const entry = chunks.find((c) => c.isEntry)!;
    const shellRoots = ['app/layout/app-layout.tsx', 'app/capability-guard.tsx', 'app/screens/dashboard-screen.tsx'].map((m) => holding(at(m)));
    // What else the router waits for before any screen but the first pages (decision 0950): an
    // anonymous visitor may load these too, so they join `signed-in-shared` (decision 0977).
    const openedScreenNeeds = ['app/routes.tsx', 'lib/query-client.ts'].map((m) => holding(at(m)));
    const sections = holding(at('app/dashboard-sections.tsx')).dynamicImports.map((file) => byFile.get(file)!);
    const screens = holding(at('app/routes.tsx'));
    const signedIn = new Set([...shellRoots, ...sections]);
    // Whatever an anonymous visitor can load: from the entry (the router is in it), every dynamic
    // import but the logged-in parts and the screens of the screen table.
    const anonymous = closure([entry], (from, to) => from !== screens && !signedIn.has(to));
    const perFirstScreen = [
      'features/projects/components/journey-screen.tsx',
      'features/auth/components/login-screen.tsx',
      'features/professionals/components/landing-screen.tsx',
    ].map((m) => closure([holding(at(m))], () => false));
    const firstScreens = new Set(perFirstScreen.flatMap((chunks) => [...chunks]));
    const shell = closure([...shellRoots, ...openedScreenNeeds], () => false);
    const name = (chunk: Rollup.OutputChunk, group: string) => {
      for (const id of chunk.moduleIds) place.set(id, group);
    };
    // What every first page loads before its first screen (the kit's small parts: text, group,
    // card…) is one file: the same bytes for each of them, fewer round trips; the part the shell
    // needs too is a file of its own, the dashboard's first screen loads it (decision 0971).
    for (const chunk of perFirstScreen[0])
      if (chunk !== entry && perFirstScreen.every((chunks) => chunks.has(chunk))) name(chunk, shell.has(chunk) ? 'kit-shared' : 'first-screens');
    // The kit's small parts that the dashboard and some first page both load before their first
    // screen (card, grid, action icon…) join them too: a few kB more for a first page, a dozen
    // round trips fewer for the dashboard (decision 0977).
    const sectionNeeds = sections.map((section) => closure([section], () => false));
    const dashboardNeeds = new Set([...shell, ...sectionNeeds.flatMap((chunks) => [...chunks])]);
    for (const chunk of firstScreens) if (chunk !== entry && dashboardNeeds.has(chunk) && chunk.code.length <= SMALL_CHUNK) name(chunk, 'kit-shared');
    for (const chunk of shell) {
      if (chunk === entry || firstScreens.has(chunk)) continue;
      name(chunk, anonymous.has(chunk) ? 'signed-in-shared' : 'signed-in');
    }
    // A chunk only one section needs joins that section's file. What several sections share keeps
    // its own file (the charts' loader, for one, starts loading the charts as soon as it runs) —
    // unless it is small and brings nothing else (decision 0977): then it joins `dashboard-shared`,
    // or `signed-in-shared` if a first page may load it after its first screen (money, dates…).
    const owners = new Map<Rollup.OutputChunk, string | null>();
    sections.forEach((section, i) => {
      const group = `dashboard-${(section.facadeModuleId ?? section.name)
        .replace(/^.*[\\/]/, '')
        .replace(/\.[jt]sx?$/, '')
        .replace(/-section$/, '')}`;
      for (const chunk of sectionNeeds[i]) {
        if (shell.has(chunk) || firstScreens.has(chunk) || chunk === entry) continue;
        owners.set(chunk, owners.has(chunk) && owners.get(chunk) !== group ? null : group);
      }
    });
    const small = new Set(
      [...owners].filter(([chunk, group]) => !group && chunk.dynamicImports.length === 0 && chunk.code.length <= SMALL_CHUNK).map(([chunk]) => chunk),
    );
    // Brings nothing else: what it imports is loaded before any dashboard anyway, or small too.
    const loadedAnyway = (file: string) => {
      const chunk = byFile.get(file)!;
      return chunk === entry || shell.has(chunk) || firstScreens.has(chunk) || small.has(chunk);
    };
    for (let changed = true; changed;) {
      changed = false;
      for (const chunk of small)
        if (!chunk.imports.every(loadedAnyway)) {
          small.delete(chunk);
          changed = true;
        }
    }
    for (const [chunk, group] of owners) {
      if (group && !anonymous.has(chunk)) name(chunk, group);
      else if (small.has(chunk)) name(chunk, anonymous.has(chunk) ? 'signed-in-shared' : 'dashboard-shared');
    }
  };
  const plugin: Plugin = {
    name: 'ouvrage:chunk-plan',
    apply: 'build',
    async config(config) {
      if (process.env[PASS]) return;
      process.env[PASS] = '1';
      try {
        const output = await build({
          configFile: resolve(import.meta.dirname, 'vite.config.ts'),
          root: config.root,
          logLevel: 'silent',
          build: { write: false, outDir: '/nonexistent' },
        });
        const outputs = (Array.isArray(output) ? output : [output]) as Rollup.RollupOutput[];
        plan(outputs.flatMap((o) => o.output.filter((c): c is Rollup.OutputChunk => c.type === 'chunk')));
      } finally {
        delete process.env[PASS];
      }
    },
  };
  const groups: CodeSplittingGroup[] = [
    { name: 'index', tags: ['$initial'] },
    { name: (id) => place.get(id) ?? null, debugName: 'chunk-plan', includeDependenciesRecursively: false },
  ];
  return { plugin, groups };
}

const chunks = chunkPlan();

export default defineConfig({
  plugins: [react(), chunks.plugin, precompress(), preloadTranslations(), preloadOpenedScreen()],
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // Our shared packages are plain declarations (schemas, rules, tables): a screen that uses one
      // export of them does not drag the modules it does not use into its chunk (decision 0945).
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]packages[\\/](domain|contracts)[\\/]src[\\/]/, sideEffects: false },
          { test: /[\\/]src[\\/]features[\\/][^\\/]+[\\/](index\.ts|components[\\/][^\\/]+\.tsx)$/, sideEffects: false },
        ],
      },
      output: { codeSplitting: { groups: chunks.groups } },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': api, '/admin': api },
  },
});
