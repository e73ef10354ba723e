import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wordStartsQuery } from '../../src/lib/search-vector';
import { as, loginAs, useTestApp } from '../helpers';
import { insertProject } from './factories';

/**
 * The stored vectors hold every start of every word (migration 0034, decision 0974) and the typed
 * words are exact entries: the same matches as the prefix query they replace (`martin:*`), for any
 * text and typed words, checked in PostgreSQL itself; and through the routes, a typed start finds
 * its record in each searched list.
 */
const ctx = useTestApp();

// Few letters, so that typed words often start (or almost start) the text's words; some past the
// 32 letters the vectors keep as starts.
const word = fc.oneof({ weight: 4, arbitrary: fc.stringMatching(/^[abem0-9]{1,7}$/) }, { weight: 1, arbitrary: fc.stringMatching(/^[ab]{30,36}$/) });
const text = fc.array(word, { minLength: 0, maxLength: 6 }).map((words) => words.join(' '));

describe('search_word_starts (migration 0034)', () => {
  it('matches exactly what the prefix query matches', async () => {
    await fc.assert(
      fc.asyncProperty(text, fc.array(word, { minLength: 1, maxLength: 3 }), async (t, typed) => {
        const [row] = (
          (await ctx.db.execute(sql`
            SELECT search_word_starts(to_tsvector('simple', ${t})) @@ to_tsquery('simple', ${wordStartsQuery(typed)}) AS starts,
                   to_tsvector('simple', ${t}) @@ to_tsquery('simple', ${typed.map((w) => `${w}:*`).join(' & ')}) AS prefix`)) as unknown as {
            rows: Array<{ starts: boolean; prefix: boolean }>;
          }
        ).rows;
        expect(row.starts).toBe(row.prefix);
      }),
      { numRuns: 300, seed: 974 },
    );
  });

  it('keeps a record with a very long word savable (starts stop at 32 letters)', async () => {
    const long = 'a'.repeat(1500);
    const [row] = (
      (await ctx.db.execute(sql`SELECT length(search_word_starts(to_tsvector('simple', ${`${long} lyon`}))) AS n,
        search_word_starts(to_tsvector('simple', ${long})) @@ to_tsquery('simple', ${wordStartsQuery(['a'.repeat(40)])}) AS found`)) as unknown as {
        rows: Array<{ n: number; found: boolean }>;
      }
    ).rows;
    expect(row.n).toBe(32 + 1 + 4); // a…a (1 to 32), the whole word, l, ly, lyo, lyon
    expect(row.found).toBe(true);
  });

  it('keeps an empty text empty', async () => {
    const [row] = ((await ctx.db.execute(sql`SELECT search_word_starts(to_tsvector('simple', ''))::text AS v`)) as unknown as { rows: Array<{ v: string }> })
      .rows;
    expect(row.v).toBe('');
  });
});

describe('the lists find a record by the start of its words', () => {
  it('projects and accounts, through the routes', async () => {
    const admin = await loginAs(ctx, { user_type: 'admin' });
    const client = await loginAs(ctx, { user_type: 'client', firstname: 'Anatole', lastname: 'Quenneville' });
    const project = await insertProject(ctx.db, client.id, { lastname: 'Quenneville', firstname: 'Anatole', searchText: 'quenneville anatole 69003 lyon' });
    for (const [q, found] of [
      ['quen ana', true],
      ['Quenneville', true],
      ['quennevillex', false],
      ['uenneville', false], // the middle of a word is not its start
      ['lyo 6900', true],
    ] as const) {
      const page = (await as(ctx, admin, { method: 'GET', url: `/api/admin/project/list-project?per_page=50&q=${encodeURIComponent(q)}` })).json().data;
      expect(page.items.map((p: { id: number }) => p.id).includes(project.id), q).toBe(found);
    }
    const accounts = (await as(ctx, admin, { method: 'GET', url: '/admin/account/lists?per_page=50&q=quenn%20anat' })).json().data;
    expect(accounts.items.map((u: { id: number }) => u.id)).toContain(client.id);
    // Too long a search: a 400 with its French message, as on the other lists.
    const tooLong = await as(ctx, admin, { method: 'GET', url: `/admin/account/lists?q=${'a'.repeat(101)}` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields.q).toBe('La recherche compte au plus 100 caractères.');
  });
});
