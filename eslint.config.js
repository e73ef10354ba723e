import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = dirname(fileURLToPath(import.meta.url));

/**
 * Module boundaries: a file inside `<root>/<x>/` may import another unit `<root>/<y>` only through
 * its public entry (`../<y>` or `../<y>/index`), never its internals. Paths are resolved, so
 * `../../modules/y/repository` and deeper files are caught too. Roots: the API's modules and the
 * web app's features (docs/decisions/0450-module-boundaries-and-transactions.md).
 */
const noOtherUnitInternals = {
  meta: { type: 'problem', schema: [{ type: 'object', properties: { root: { type: 'string' }, kind: { type: 'string' } } }] },
  create(context) {
    const { root, kind } = context.options[0];
    const unitsDir = resolve(repoRoot, root);
    const unitOf = (path) => {
      const rel = relative(unitsDir, path);
      if (rel.startsWith('..') || rel === '') return null;
      const [unit, ...rest] = rel.split(sep);
      return { unit, rest: rest.join('/') };
    };
    const here = unitOf(resolve(context.filename));
    if (!here || here.rest === '') return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = unitOf(resolve(dirname(resolve(context.filename)), source));
      if (!target || target.unit === here.unit) return;
      if (target.rest === '' || /^index(\.tsx?|\.js)?$/.test(target.rest)) return;
      context.report({
        node: node.source,
        message: `Import the ${kind} « ${target.unit} » through its public entry ('…/${target.unit}'), not its internals ('${source}').`,
      });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
const boundaries = { rules: { 'no-other-unit-internals': noOtherUnitInternals } };

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/web/public/**', 'test-results/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['apps/api/src/modules/**/*.ts'],
    plugins: { boundaries },
    rules: { 'boundaries/no-other-unit-internals': ['error', { root: 'apps/api/src/modules', kind: 'module' }] },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/no-other-unit-internals': ['error', { root: 'apps/web/src/features', kind: 'feature' }] },
  },
  { files: ['scripts/**', 'packages/*/scripts/**', 'apps/api/src/server.ts', 'apps/web/e2e/**'], rules: { 'no-console': 'off' } },
);
