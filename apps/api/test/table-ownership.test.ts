import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { is } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { schema } from '@ouvrage/db';

/**
 * Each table has one owning module (decision 1190): the folder of `packages/db/src/schema/` it is
 * declared in names the module of `apps/api/src/modules/` that writes it and alone reads it
 * directly. Any other module goes through the owner's `index.ts`. This test reads every source
 * file of the API: the tables it imports from `@ouvrage/db` (type-only imports too) and the tables
 * its raw SQL names (`FROM users`, `JOIN quotes`…), and fails on a table of another module that
 * the allow-list below does not name with its reason.
 */
const root = resolve(import.meta.dirname, '../../..');
const schemaDir = join(root, 'packages/db/src/schema');
const src = join(root, 'apps/api/src');

/**
 * Uses of another module's table kept on purpose, each with its reason. Key: `<unit> <table>`,
 * the unit being `modules/<module>` or `plugins`, `lib`…. An entry no longer needed fails the test.
 */
const ALLOWED: Record<string, string> = {
  // Accounts read below the users module, which imports them (directly or through the modules it
  // builds on), so they cannot call its index.ts back (decision 1180); auth and notifications do it
  // through a contract the users module fills (Accounts, Recipients).
  'plugins users': 'the caller of every request, one prepared statement (decision 0979); modules import the access-control plugin, so it imports no module',
  'modules/mail users': 'the language of the account a mail goes to (decision 1180): the users module sends mails, so mail cannot import it back',
  // A professional is an account and its company, one row each (companies.user_id).
  'modules/users companies':
    "the admin's account list filters and searches on the company (SIRET, trade, département) in the one paged statement (decision 0967)",
  'modules/users professions': "idem: the trade's name on each row of the account list, in the same statement",
  'modules/professionals users':
    "the professionals' lists (candidates of a tender, public profiles, identities) filter on the account (type, validated, not anonymised) and the company in one statement",
};

interface Table {
  binding: string;
  name: string;
  owner: string;
}

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path, pattern);
    return pattern.test(entry.name) ? [path] : [];
  });
}

/** `export const users = pgTable('users', …)` in `schema/<owner>/*.ts`. */
function declaredTables(): Table[] {
  return readdirSync(schemaDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((folder) =>
      files(join(schemaDir, folder.name), /\.ts$/).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)].map(([, binding, name]) => ({
          binding,
          name,
          owner: folder.name,
        })),
      ),
    );
}

function unitOf(path: string): string {
  const [top, second] = relative(src, path).split(sep);
  if (top === 'modules' && second && !/\.tsx?$/.test(second)) return `modules/${second}`;
  if (top === 'lib' || top === 'plugins' || top === 'adapters') return top;
  return relative(src, path).split(sep).join('/');
}

/** The literal text of every string and template in a file (where raw SQL is written). */
function literalTexts(file: ts.SourceFile): string[] {
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node))
      texts.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return texts;
}

interface Use {
  unit: string;
  table: string;
  owner: string;
  where: string;
}

/** Every table each source file of the API uses, imported or named in raw SQL. */
function tableUses(tables: Table[], sources: Array<{ path: string; text: string }>): Use[] {
  const byBinding = new Map(tables.map((t) => [t.binding, t]));
  const byName = new Map(tables.map((t) => [t.name, t]));
  const rawSql = new RegExp(`\\b(?:from|join|update|into|exists)\\s+"?(${tables.map((t) => t.name).join('|')})"?\\b`, 'gi');
  const uses: Use[] = [];
  for (const { path, text } of sources) {
    const unit = unitOf(path);
    const where = relative(src, path).split(sep).join('/');
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    for (const statement of file.statements) {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
      const from = statement.moduleSpecifier;
      if (!from || !ts.isStringLiteral(from) || from.text !== '@ouvrage/db') continue;
      const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : statement.exportClause;
      if (!bindings || ts.isNamespaceImport(bindings) || ts.isNamespaceExport(bindings)) {
        // `import * as db` or `export *`: every table at once.
        if (!ts.isImportDeclaration(statement) || bindings) uses.push({ unit, table: '*', owner: '?', where: `${where} (every table)` });
        continue;
      }
      for (const element of bindings.elements) {
        const imported = (element.propertyName ?? element.name).text;
        if (imported === 'schema') uses.push({ unit, table: '*', owner: '?', where: `${where} (schema)` });
        const table = byBinding.get(imported);
        if (table) uses.push({ unit, table: table.name, owner: table.owner, where });
      }
    }
    for (const literal of literalTexts(file))
      for (const [, name] of literal.matchAll(rawSql)) {
        const table = byName.get(name.toLowerCase())!;
        uses.push({ unit, table: table.name, owner: table.owner, where: `${where} (SQL)` });
      }
  }
  return uses;
}

/** Uses of a table by a unit other than its owner's module, as `<unit> <table> — <file>`. */
function foreignUses(uses: Use[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const use of uses) {
    if (use.unit === `modules/${use.owner}`) continue;
    const key = `${use.unit} ${use.table}`;
    found.set(key, [...new Set([...(found.get(key) ?? []), use.where])].sort());
  }
  return found;
}

const sources = () => files(src, /\.tsx?$/).map((path) => ({ path, text: readFileSync(path, 'utf8') }));

describe('tables owned by one module', () => {
  const tables = declaredTables();
  const uses = tableUses(tables, sources());
  const foreign = foreignUses(uses);

  it('finds every table the schema exports, each in the folder of a module', () => {
    const exported = Object.values(schema as Record<string, unknown>)
      .filter((value): value is PgTable => is(value, PgTable))
      .map((table) => getTableConfig(table).name)
      .sort();
    expect(tables.map((t) => t.name).sort()).toEqual(exported);
    const modules = new Set(readdirSync(join(src, 'modules'), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? [e.name] : [])));
    // `seed`: tables of packages/db's own seed, which no API module may use.
    expect([...new Set(tables.map((t) => t.owner))].filter((owner) => !modules.has(owner) && owner !== 'seed')).toEqual([]);
  });

  it('lets a module use only its own tables, and the allowed exceptions', () => {
    const unexplained = [...foreign].filter(([key]) => !ALLOWED[key]).map(([key, where]) => `${key} — ${where.join(', ')}`);
    expect(unexplained).toEqual([]);
  });

  it('keeps the allow-list to uses that still exist', () => {
    expect(Object.keys(ALLOWED).filter((key) => !foreign.has(key))).toEqual([]);
    for (const reason of Object.values(ALLOWED)) expect(reason.length).toBeGreaterThan(20);
  });

  it('reports a table of another module, imported or named in SQL', () => {
    const fake = [
      { path: join(src, 'modules/tenders/fake.ts'), text: "import { quotes, type Executor } from '@ouvrage/db';" },
      { path: join(src, 'modules/dashboard/fake.ts'), text: 'const q = sql`select count(*) from invoices i join payments p on p.invoice_id = i.id`;' },
      { path: join(src, 'modules/quotes/fake.ts'), text: "import { quotes } from '@ouvrage/db'; const n = sql`SELECT 1 FROM quote_lines`;" },
    ];
    expect([...foreignUses(tableUses(tables, fake)).keys()].sort()).toEqual([
      'modules/dashboard invoices',
      'modules/dashboard payments',
      'modules/tenders quotes',
    ]);
  });
});
