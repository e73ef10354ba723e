/**
 * Conversations at a million messages (issue 39, decision 1230 « Measured »): the real app
 * (`buildApp`) through `inject()`, one request at a time, on two volume databases of 10 000 projects
 * (`scripts/volume/seed.ts`: one conversation per accepted tender, 7 100 of them) holding 1 000 000
 * and 10 000 messages, written in the order they were sent. Two comparisons, each ratio in one run,
 * the two sides taking turns on every request:
 *  - a thread of 10 000 messages against one of 10, both at 1 M messages: the newest page and a
 *    page in the middle (`before` the 5 000th), 10 messages each (as many rows on both sides), and
 *    the conversation's header. Target ≤ 1.3: a page is one range scan of the index
 *    (conversation_id, id), whatever the thread's length. The screen's page of 50 is printed too,
 *    marked * (50 messages read and sent against 10) and left out of the worst ratio.
 *  - the same users at 1 M messages against 10 k: the conversations list (page 1) and the unread
 *    count of the member with most conversations (a professional, ≈ 75) and of the client whose
 *    thread is the long one. Target ≤ 1.3: each conversation's last message and unread count are
 *    read on the index, not by scanning its messages.
 * Prints the median per side, the p90 of the second, the ratio (the median of the rounds' ratios)
 * and the statements each request ran (the same on both sides: no N+1).
 *   npm run bench -- conversations [--runs 101]
 * Databases: VOLUME_MESSAGES_URL (default ouvrage_volume_messages) and VOLUME_MESSAGES_SMALL_URL
 * (default ouvrage_volume_messages_10k), seeded first when missing (about 40 s and 10 s).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createDatabase, migrate } from '@ouvrage/db';
import { conversationSizes, DEFAULT_VOLUME_URL, ensureVolumeDatabase } from '../volume/seed';
import { median, percentile } from './lib/stats';
import { volumeApp } from './lib/volume-app';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '101' } } });
const RUNS = Number(args.runs);
const PROJECTS = 10_000;
const MESSAGES = { large: 1_000_000, small: 10_000 };
const JWT_SECRET = 'bench-conversations-secret-0123456789abcdef0123456789';
const largeUrl = process.env.VOLUME_MESSAGES_URL ?? DEFAULT_VOLUME_URL.replace(/ouvrage_volume$/, 'ouvrage_volume_messages');
const smallUrl = process.env.VOLUME_MESSAGES_SMALL_URL ?? DEFAULT_VOLUME_URL.replace(/ouvrage_volume$/, 'ouvrage_volume_messages_10k');

/** The real app on one database, a statement counter, and the ids the cases need. */
async function openVolume(url: string) {
  const counter = { statements: 0 };
  const handle = await createDatabase({ url, logger: { logQuery: () => void (counter.statements += 1) } });
  await migrate(handle); // a database seeded before the newest migrations gets them
  // The long and the short thread: the two oldest conversations (the seed's rule); their client.
  const threads = await handle.query<{ id: number; client: number; n: number }>(
    `SELECT c.id, c.created_by AS client, (SELECT count(*)::int FROM messages g WHERE g.conversation_id = c.id) AS n FROM conversations c ORDER BY c.id LIMIT 2`,
  );
  // The validated member with most conversations (ties: the smallest id, the same user at both sizes).
  const [busiest] = await handle.query<{ id: number; n: number }>(
    `SELECT m.user_id AS id, count(*)::int AS n FROM conversation_members m JOIN users u ON u.id = m.user_id AND u.is_validate = 'Validé'
     GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
  );
  const [{ id: middle }] = await handle.query<{ id: number }>(
    `SELECT id::float8 AS id FROM messages WHERE conversation_id = $1 ORDER BY id OFFSET $2 LIMIT 1`,
    [threads[0].id, Math.floor(threads[0].n / 2)],
  );
  const [{ n: messages }] = await handle.query<{ n: number }>('SELECT count(*)::int AS n FROM messages');
  const { app, tokenOf } = await volumeApp(handle, url, JWT_SECRET);
  const tokens = new Map<number, string>();
  for (const id of [threads[0].client, threads[1].client, busiest.id]) tokens.set(id, await tokenOf(id));
  return { app, handle, counter, tokens, long: threads[0], short: threads[1], busiest, middle, messages };
}

type Volume = Awaited<ReturnType<typeof openVolume>>;
interface Target {
  volume: Volume;
  url: string;
  as: number;
}
interface Case {
  label: string;
  sides: [Target, Target];
  /** Why this case does not weigh in the verdict: the two sides do unlike work (printed, marked *). */
  unlike?: string;
}

async function once(target: Target) {
  target.volume.counter.statements = 0;
  const t0 = performance.now();
  const res = await target.volume.app.inject({ method: 'GET', url: target.url, headers: { authorization: `Bearer ${target.volume.tokens.get(target.as)}` } });
  const ms = performance.now() - t0;
  return { ms, status: res.statusCode, statements: target.volume.counter.statements };
}

const WARM_UPS = 5;

/**
 * Both sides of each case in turn, `RUNS` times after warm-ups, the one going first alternating;
 * one line per case. The ratio is the median of the rounds' ratios (each round's two requests
 * side by side), steadier on a loaded machine than the ratio of the medians.
 */
async function measure(title: string, heads: [string, string], cases: Case[]): Promise<number> {
  const unlike: string[] = [];
  console.log(`\n${title}`);
  console.log(
    `${'requête'.padEnd(50)} ${heads[0].padStart(12)} ${heads[1].padStart(12)} ${'p90'.padStart(7)} ${'ratio'.padStart(6)} ${'requêtes SQL'.padStart(12)}`,
  );
  let worst = 0;
  for (const c of cases) {
    const times: number[][] = [[], []];
    const last: Array<Awaited<ReturnType<typeof once>>> = [];
    for (let i = 0; i < RUNS + WARM_UPS; i += 1) {
      for (const k of i % 2 === 0 ? [0, 1] : [1, 0]) {
        const r = await once(c.sides[k]);
        if (i >= WARM_UPS) times[k].push(r.ms);
        last[k] = r;
      }
    }
    const [a, b] = times.map((t) => median(t));
    const ratio = median(times[1].map((t, i) => t / times[0][i]));
    if (c.unlike) unlike.push(`${c.label} : ${c.unlike}`);
    else worst = Math.max(worst, ratio);
    const status = last[0].status === 200 && last[1].status === 200 ? '' : ` (HTTP ${last[0].status} / ${last[1].status})`;
    console.log(
      `${c.label.padEnd(50)} ${a.toFixed(2).padStart(12)} ${b.toFixed(2).padStart(12)} ${percentile(times[1], 90).toFixed(2).padStart(7)} ${ratio.toFixed(2).padStart(6)}${c.unlike ? '*' : ' '}${`${last[0].statements} / ${last[1].statements}`.padStart(12)}${status}`,
    );
  }
  for (const line of unlike) console.log(`  * ${line}`);
  return worst;
}

await ensureVolumeDatabase(largeUrl, PROJECTS, false, { messages: MESSAGES.large });
await ensureVolumeDatabase(smallUrl, PROJECTS, false, { messages: MESSAGES.small });
const large = await openVolume(largeUrl);
const small = await openVolume(smallUrl);
try {
  const { long: expectedLong, short: expectedShort } = conversationSizes(MESSAGES.large);
  if (large.long.n !== expectedLong || large.short.n !== expectedShort)
    throw new Error(`Fils de ${large.long.n} et ${large.short.n} messages : reseedez la base.`);
  if (small.busiest.id !== large.busiest.id || small.long.client !== large.long.client)
    throw new Error('Les deux bases ne désignent pas les mêmes utilisateurs.');
  console.log(
    `${large.messages.toLocaleString('fr-FR')} messages / ${small.messages.toLocaleString('fr-FR')} ; fil long ${large.long.id} (${large.long.n} messages), ` +
      `fil court ${large.short.id} (${large.short.n}) ; le membre qui a le plus de conversations : ${large.busiest.id} (${large.busiest.n}). ` +
      `Charge : ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  // Pages of 10: the short thread's whole, and as many rows from the long one (the same work but for the index's depth).
  const thread = (id: number, as: number, query = '', limit = 10) => ({ volume: large, url: `/api/conversations/${id}/messages?limit=${limit}${query}`, as });
  const threads = await measure(
    `Ouvrir un fil, à ${large.messages.toLocaleString('fr-FR')} messages : ${large.long.n} messages ÷ ${large.short.n} (ms, médiane de ${RUNS})`,
    [`${large.short.n} msg`, `${large.long.n} msg`],
    [
      { label: 'page la plus récente (10)', sides: [thread(large.short.id, large.short.client), thread(large.long.id, large.long.client)] },
      {
        label: `page du milieu (10 avant le ${Math.floor(large.long.n / 2)}e)`,
        sides: [thread(large.short.id, large.short.client), thread(large.long.id, large.long.client, `&before=${large.middle}`)],
      },
      {
        label: 'en-tête de la conversation',
        sides: [
          { volume: large, url: `/api/conversations/${large.short.id}`, as: large.short.client },
          { volume: large, url: `/api/conversations/${large.long.id}`, as: large.long.client },
        ],
      },
      {
        label: 'page la plus récente, comme l’écran (50)',
        sides: [thread(large.short.id, large.short.client, '', 50), thread(large.long.id, large.long.client, '', 50)],
        unlike: `${large.short.n} messages lus et servis d’un côté, 50 de l’autre`,
      },
    ],
  );
  const both = (label: string, url: string, as: number): Case => ({
    label,
    sides: [
      { volume: small, url, as },
      { volume: large, url, as },
    ],
  });
  const lists = await measure(
    `Les mêmes utilisateurs à ${large.messages.toLocaleString('fr-FR')} messages ÷ ${small.messages.toLocaleString('fr-FR')} (ms, médiane de ${RUNS})`,
    ['10 k msg', '1 M msg'],
    [
      both(`liste, page 1 : ${large.busiest.n} conversations`, '/api/conversations', large.busiest.id),
      both(`non-lus : ${large.busiest.n} conversations`, '/api/conversations/non-lus', large.busiest.id),
      both('liste, page 1 : le client du fil long', '/api/conversations', large.long.client),
      both('non-lus : le client du fil long', '/api/conversations/non-lus', large.long.client),
    ],
  );
  console.log(`\nPire ratio, fils : ${threads.toFixed(2)} (objectif ≤ 1,3) ; listes et non-lus : ${lists.toFixed(2)} (objectif ≤ 1,3).`);
  console.log(
    `Charge à la fin : ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  for (const volume of [large, small]) {
    await volume.app.close();
    await volume.handle.close();
  }
}
