// The API compiled to JavaScript for production (decision 0856): apps/api/dist/server.js, one ES
// module holding the API and the workspace packages (@ouvrage/*, TypeScript sources), importing
// the npm dependencies from node_modules at run time. Started with `node apps/api/dist/server.js`.
// Usage: node scripts/build-api.mjs [outdir]   (default apps/api/dist)
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = resolve(process.argv[2] ?? join(root, 'apps/api/dist'));

/** npm packages stay imports (node_modules); only our workspace packages are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@ouvrage/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * A module that finds files beside its source (`import.meta.url`: migrations, the communes
 * dataset, the repository root) keeps finding them once bundled: its `import.meta.url` becomes the
 * URL of its source file, computed from the bundle's own location, so the build moves with the tree.
 */
const ownLocation = {
  name: 'own-location',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url') || args.path.includes('node_modules')) return undefined;
      const fromBundle = relative(outdir, args.path).split('\\').join('/');
      return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`), loader: 'ts' };
    });
  },
};

const started = Date.now();
await build({
  entryPoints: { server: join(root, 'apps/api/src/server.ts') },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages, ownLocation],
  banner: { js: '// Ouvrage API — compiled by scripts/build-api.mjs; do not edit.' },
});
console.log(`API compilée dans ${relative(root, outdir) || '.'}/server.js en ${Date.now() - started} ms`);
