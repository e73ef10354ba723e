import { is, SQL } from 'drizzle-orm';
import { getTableConfig, PgDialect, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../src/client';
import { migrate } from '../src/migrate';
import * as schema from '../src/schema';

/**
 * The Drizzle schema says what the code believes the tables are; the SQL migrations make the
 * tables of every deployed database (decision 1190). A fresh embedded database is migrated and its
 * `information_schema` compared with `getTableConfig` of every exported table: the same tables,
 * the same columns, each with the same type, nullability, default, identity and generation, and
 * the same primary key, unique constraints and foreign keys; the indexes Drizzle declares exist. A
 * column added to one side only fails here.
 */

interface ColumnShape {
  type: string;
  nullable: boolean;
  default: string | null;
  identity: string | null;
  generated: string | null;
}

interface TableShape {
  columns: Record<string, ColumnShape>;
  primaryKey: string[];
  unique: string[];
  /** `column → table(column) on delete rule`, sorted. */
  foreignKeys: string[];
  /** Index names (the database's: all of them; Drizzle's: those it declares). */
  indexes: string[];
}

/**
 * Columns the migrations create that the Drizzle tables leave out on purpose, each with its reason.
 * Each must be a generated column (nothing writes it), so leaving it out changes no insert.
 */
const LEFT_OUT_OF_DRIZZLE: Record<string, string> = {
  'companies.search_vector': 'generated word vector of search_text, read through searchVectorOf() so that no select() fetches it (decision 0963)',
  'invoices.search_vector': 'idem',
  'projects.search_vector': 'idem',
  'quotes.search_vector': 'idem',
  'users.search_vector': 'idem',
};

type Shapes = Record<string, TableShape>;

/** A default as PostgreSQL prints it, without the casts it adds (`'fr'::text` → `'fr'`). */
function normalizeDefault(text: string): string {
  return text
    .replace(/::[a-z ]+(\[\])?(\(\d+\))?/g, '')
    .replace(/\binterval '/g, "'")
    .replace(/^\((.*)\)$/, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `information_schema.columns`' type as Drizzle's `getSQLType()` names it. */
function databaseType(
  c: { data_type: string; udt_name: string; character_maximum_length: number | null; numeric_precision: number | null; numeric_scale: number | null },
  hasPrecision: boolean,
): string {
  if (c.data_type === 'ARRAY') return `${databaseType({ ...c, data_type: c.udt_name.replace(/^_/, ''), udt_name: '' }, false)}[]`;
  if (c.data_type === 'USER-DEFINED') return c.udt_name;
  if (c.data_type === 'character varying') return c.character_maximum_length === null ? 'varchar' : `varchar(${c.character_maximum_length})`;
  if (c.data_type === 'numeric' && hasPrecision) return `numeric(${c.numeric_precision}, ${c.numeric_scale})`;
  const aliases: Record<string, string> = { int4: 'integer', int8: 'bigint', int2: 'smallint', text: 'text', bool: 'boolean', float8: 'double precision' };
  return aliases[c.data_type] ?? c.data_type;
}

async function databaseShapes(handle: DatabaseHandle): Promise<Shapes> {
  const columns = await handle.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    udt_name: string;
    character_maximum_length: number | null;
    numeric_precision: number | null;
    numeric_scale: number | null;
    is_nullable: 'YES' | 'NO';
    column_default: string | null;
    is_identity: 'YES' | 'NO';
    identity_generation: string | null;
    is_generated: string;
    generation_expression: string | null;
  }>(
    `SELECT c.table_name, c.column_name, c.data_type, c.udt_name, c.character_maximum_length, c.numeric_precision, c.numeric_scale,
            c.is_nullable, c.column_default, c.is_identity, c.identity_generation, c.is_generated, c.generation_expression
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.table_name <> 'schema_migrations'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  // Constraint columns in their order in the constraint (information_schema.key_column_usage).
  const constraints = await handle.query<{ table_name: string; constraint_name: string; constraint_type: string; column_name: string }>(
    `SELECT tc.table_name, tc.constraint_name, tc.constraint_type, k.column_name
       FROM information_schema.table_constraints tc
       JOIN information_schema.key_column_usage k ON k.constraint_schema = tc.constraint_schema AND k.constraint_name = tc.constraint_name AND k.table_name = tc.table_name
      WHERE tc.table_schema = 'public' AND tc.constraint_type IN ('PRIMARY KEY', 'UNIQUE') AND tc.table_name <> 'schema_migrations'
      ORDER BY tc.table_name, tc.constraint_name, k.ordinal_position`,
  );
  const foreignKeys = await handle.query<{ table_name: string; column_name: string; foreign_table: string; foreign_column: string; delete_rule: string }>(
    `SELECT k.table_name, k.column_name, f.table_name AS foreign_table, f.column_name AS foreign_column, r.delete_rule
       FROM information_schema.referential_constraints r
       JOIN information_schema.key_column_usage k ON k.constraint_schema = r.constraint_schema AND k.constraint_name = r.constraint_name
       JOIN information_schema.key_column_usage f ON f.constraint_schema = r.unique_constraint_schema AND f.constraint_name = r.unique_constraint_name
        AND f.ordinal_position = k.position_in_unique_constraint
      WHERE r.constraint_schema = 'public'`,
  );
  // information_schema has no indexes: pg_indexes is the catalog's plain view of them.
  const indexes = await handle.query<{ tablename: string; indexname: string }>(`SELECT tablename, indexname FROM pg_indexes WHERE schemaname = 'public'`);
  const shapes: Shapes = {};
  for (const c of columns) {
    const table = (shapes[c.table_name] ??= { columns: {}, primaryKey: [], unique: [], foreignKeys: [], indexes: [] });
    const generated = c.is_generated === 'ALWAYS';
    table.columns[c.column_name] = {
      type: databaseType(c, c.numeric_scale !== null && c.data_type === 'numeric' && c.numeric_precision !== null),
      nullable: c.is_nullable === 'YES',
      default: c.column_default === null || generated ? null : normalizeDefault(c.column_default),
      identity: c.is_identity === 'YES' ? (c.identity_generation ?? '').toLowerCase() : null,
      generated: generated ? normalizeDefault(c.generation_expression ?? '') : null,
    };
  }
  const grouped = new Map<string, { table: string; type: string; columns: string[] }>();
  for (const k of constraints) {
    const key = `${k.table_name}.${k.constraint_name}`;
    if (!grouped.has(key)) grouped.set(key, { table: k.table_name, type: k.constraint_type, columns: [] });
    grouped.get(key)!.columns.push(k.column_name);
  }
  for (const { table, type, columns: names } of grouped.values()) {
    if (type === 'PRIMARY KEY') shapes[table].primaryKey = [...names].sort();
    else shapes[table].unique.push([...names].sort().join(','));
  }
  for (const f of foreignKeys)
    shapes[f.table_name]?.foreignKeys.push(`${f.column_name} → ${f.foreign_table}(${f.foreign_column}) on delete ${f.delete_rule.toLowerCase()}`);
  for (const i of indexes) shapes[i.tablename]?.indexes.push(i.indexname);
  for (const table of Object.values(shapes)) {
    table.unique.sort();
    table.foreignKeys.sort();
  }
  return shapes;
}

const dialect = new PgDialect();

/** A Drizzle default as the SQL PostgreSQL stores (literal values quoted as the migrations write them). */
function drizzleDefault(column: PgColumn): string | null {
  if (!column.hasDefault || column.default === undefined) return null;
  const value = column.default;
  if (is(value, SQL)) return normalizeDefault(dialect.sqlToQuery(value).sql);
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (Array.isArray(value) && column.getSQLType().endsWith('[]')) return `'{${value.map((v) => JSON.stringify(v)).join(',')}}'`;
  return `'${JSON.stringify(value)}'`;
}

function drizzleShapes(tables: PgTable[]): Shapes {
  const shapes: Shapes = {};
  for (const table of tables) {
    const config = getTableConfig(table);
    const shape: TableShape = { columns: {}, primaryKey: [], unique: [], foreignKeys: [], indexes: config.indexes.map((i) => i.config.name ?? '(unnamed)') };
    for (const column of config.columns) {
      const generated = column.generated?.as;
      shape.columns[column.name] = {
        type: column.getSQLType(),
        nullable: !column.notNull,
        default: drizzleDefault(column),
        identity: column.generatedIdentity ? column.generatedIdentity.type.replace('byDefault', 'by default') : null,
        generated: generated === undefined ? null : normalizeDefault(is(generated, SQL) ? dialect.sqlToQuery(generated).sql : String(generated)),
      };
      if (column.primary) shape.primaryKey = [column.name];
      if (column.isUnique) shape.unique.push(column.name);
    }
    for (const pk of config.primaryKeys) shape.primaryKey = pk.columns.map((c) => c.name).sort();
    for (const u of config.uniqueConstraints)
      shape.unique.push(
        u.columns
          .map((c) => c.name)
          .sort()
          .join(','),
      );
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      // Drizzle's default is `no action`, PostgreSQL's too.
      const rule = (fk.onDelete ?? 'no action').toLowerCase();
      ref.columns.forEach((column, i) =>
        shape.foreignKeys.push(`${column.name} → ${getTableConfig(ref.foreignTable).name}(${ref.foreignColumns[i].name}) on delete ${rule}`),
      );
    }
    shape.unique.sort();
    shape.foreignKeys.sort();
    shapes[config.name] = shape;
  }
  return shapes;
}

/** Every table the schema exports (the tables only: types and helpers are skipped). */
export const drizzleTables = (): PgTable[] => (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

/** Differences between the two, one line each (`table.column: what the migrations say ≠ what Drizzle says`). */
export function differences(database: Shapes, drizzle: Shapes): string[] {
  const found: string[] = [];
  for (const name of new Set([...Object.keys(database), ...Object.keys(drizzle)])) {
    const db = database[name];
    const dz = drizzle[name];
    if (!db) {
      found.push(`${name}: in the Drizzle schema, created by no migration`);
      continue;
    }
    if (!dz) {
      found.push(`${name}: created by the migrations, absent from the Drizzle schema`);
      continue;
    }
    for (const column of new Set([...Object.keys(db.columns), ...Object.keys(dz.columns)])) {
      const a = db.columns[column];
      const b = dz.columns[column];
      if (a && !b && LEFT_OUT_OF_DRIZZLE[`${name}.${column}`] && a.generated !== null) continue;
      if (!a) found.push(`${name}.${column}: in the Drizzle schema, not in the migrations`);
      else if (!b) found.push(`${name}.${column}: in the migrations, not in the Drizzle schema`);
      else
        for (const key of Object.keys(a) as Array<keyof ColumnShape>)
          if (a[key] !== b[key]) found.push(`${name}.${column} ${key}: migrations ${JSON.stringify(a[key])} ≠ Drizzle ${JSON.stringify(b[key])}`);
    }
    if (db.primaryKey.join(',') !== dz.primaryKey.join(','))
      found.push(`${name} primary key: migrations (${db.primaryKey.join(', ')}) ≠ Drizzle (${dz.primaryKey.join(', ')})`);
    if (db.unique.join(' ') !== dz.unique.join(' ')) found.push(`${name} unique: migrations [${db.unique.join(' | ')}] ≠ Drizzle [${dz.unique.join(' | ')}]`);
    for (const fk of new Set([...db.foreignKeys, ...dz.foreignKeys]))
      if (!db.foreignKeys.includes(fk)) found.push(`${name} foreign key ${fk}: in the Drizzle schema, not in the migrations`);
      else if (!dz.foreignKeys.includes(fk)) found.push(`${name} foreign key ${fk}: in the migrations, not in the Drizzle schema`);
    // The migrations hold more indexes than Drizzle declares (Drizzle needs none to query): only
    // those it declares are checked, by name.
    for (const index of dz.indexes) if (!db.indexes.includes(index)) found.push(`${name} index ${index}: in the Drizzle schema, not in the migrations`);
  }
  return found.sort();
}

describe('the Drizzle schema and the migrations', () => {
  let handle: DatabaseHandle;
  let database: Shapes;

  beforeAll(async () => {
    handle = await createDatabase({});
    await migrate(handle);
    database = await databaseShapes(handle);
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
  });

  it('describe the same tables, columns, types, nullability, defaults, keys and foreign keys', () => {
    expect(Object.keys(database).length).toBeGreaterThan(50);
    expect(differences(database, drizzleShapes(drizzleTables()))).toEqual([]);
  });

  it('fail on a column one side has and the other has not', () => {
    const drizzle = drizzleShapes(drizzleTables());
    const oneMore = structuredClone(database);
    oneMore.users.columns.nickname = { type: 'text', nullable: true, default: null, identity: null, generated: null };
    expect(differences(oneMore, drizzle)).toEqual(['users.nickname: in the migrations, not in the Drizzle schema']);
    const oneLess = structuredClone(database);
    delete oneLess.users.columns.language;
    expect(differences(oneLess, drizzle)).toEqual(['users.language: in the Drizzle schema, not in the migrations']);
    const otherType = structuredClone(database);
    otherType.users.columns.session_version.nullable = true;
    expect(differences(otherType, drizzle)).toEqual(['users.session_version nullable: migrations true ≠ Drizzle false']);
  });
});
