/**
 * E-invoicing (issue 37, decision 1212): invoices to business clients sent through the job queue to
 * the issuer's PA — the fake PA of 1211 on a free port, over HTTP with the real AFNOR client. The
 * fake reads each Factur-X (its header) but validates none against the FNFE rules (seconds a file:
 * the tests do that). One architect connected to the fake through the settings API; one run:
 *   1. issuing alone: BENCH_EINVOICES_API (60) invoices through `POST /api/facture` (directory
 *      lookup, then the issuing transaction queuing the original and the submission) with the job
 *      worker held back — the reference throughput; then the queue drained (originals, submissions);
 *   2. live: as many through the API with the worker running as in production (each issue kicks
 *      it): queue-to-flow latency when nothing waits;
 *   3. 1 000 submissions at once (BENCH_EINVOICES): issuing 1 000 through the API would take
 *      minutes here (~160 ms each, plus ~210 ms to render each original), so the invoices are
 *      copies of an issued one, each with its stored original (the same PDF, saved once per
 *      invoice: no rendering) and its submission queued by `queueInvoiceSubmission`, the call
 *      the issuing transaction makes; then the queue is run until every submission is done;
 *   4. the same with the fake answering 500 to 10 % of its `/v1/…` calls (retries: the queue's
 *      backoff is passed by moving the app's clock, not waited for).
 * Reported: time, invoices/s, queue-to-flow latency p50/p95 (issue committed — for 3 and 4 the
 * worker started on the queued backlog — → flow deposited at the PA), flows the PA received
 * (exactly one per invoice, never two: else the bench fails), peak RSS. Target, a ratio: the queue
 * sends ≥ 2 × as many invoices a second as issuing makes, measured in the same run. One fake and
 * one issuer for all four: two fakes both number their flows FLOW-000001, and `flow_id` is unique
 * across issuers (1212), so a second issuer on a second fake cannot be marked submitted.
 * PGlite in memory by default; `DATABASE_URL` for a server.
 *   npm run bench -- e-invoicing        (BENCH_EINVOICES=200 for a quicker run)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq, inArray } from 'drizzle-orm';
import { createDatabase, documentOriginals, eInvoiceSubmissions, migrate, seedReference } from '@ouvrage/db';
import { createUser, TEST_PASSWORD } from '@ouvrage/db/testing';
import { createFakePa, fakePaSettings } from '../../apps/api/src/adapters/e-invoicing';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { queueInvoiceSubmission } from '../../apps/api/src/modules/e-invoicing';
import { originalPdf, sha256Of } from '../../apps/api/src/modules/originals';
import { quoteInStatus } from '../../apps/api/test/invoices/factories';
import { completeProfile } from '../../apps/api/test/quotes/factories';
import { percentile } from './lib/stats';

const N = Number(process.env.BENCH_EINVOICES ?? 1_000);
const API = Math.min(N, Number(process.env.BENCH_EINVOICES_API ?? 60));
const FAULT_RATE = 0.1;
/** Submissions a second at least this many times the invoices issued a second. */
const TARGET = 2;
const BUYER_SIREN = '732829320'; // the SIRET of the factories' business project: 73282932000074

/** The app's clock: real time plus an offset moved forward to pass the queue's retry backoff. */
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

/** Peak RSS, sampled every 50 ms until the returned function is called. */
function rssSampler() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage().rss);
  };
}

/** mulberry32: the same faults at every run. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} Mo`;
const p5095 = (values: number[]) => `p50 ${(percentile(values, 50) / 1000).toFixed(2)} s, p95 ${(percentile(values, 95) / 1000).toFixed(2)} s`;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'ouvrage-bench-'));
  const handle = await createDatabase({ url: process.env.DATABASE_URL });
  await migrate(handle);
  await seedReference(handle);
  const { db } = handle;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { loginRateLimit: 100_000, webDist: undefined, dataDir });
  const app = await buildApp({ config, handle, logger: false, clock });
  await app.ready();
  const { jobs } = app.deps;
  const kick = jobs.kick.bind(jobs);

  // The fake PA; 10 % of its `/v1/…` calls answer 500 while `faulty` (a hook after its own token check).
  const pa = createFakePa({ directory: [{ siren: BUYER_SIREN, name: 'Foncière du Rhône SAS' }] });
  let faulty = false;
  let faults = 0;
  const random = prng(37);
  pa.app.addHook('onRequest', async (request, reply) => {
    if (!faulty || !request.url.startsWith('/v1/') || random() >= FAULT_RATE) return;
    faults += 1;
    return reply.code(500).send({ errorCode: 'BENCH_FAULT', errorMessage: 'Panne simulée (bench).' });
  });
  await pa.listen(0);

  const clients: number[] = [];
  for (let i = 0; i < 20; i += 1) clients.push((await createUser(db, { user_type: 'client' })).id);
  const architect = await createUser(db, { user_type: 'architecte', is_validate: 'Validé' });
  await completeProfile(db, architect.id);
  const [{ email }] = await handle.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [architect.id]);
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: TEST_PASSWORD } });
  const token = login.json().data.token.token as string;
  const settings = await app.inject({
    method: 'PUT',
    url: '/api/facturation-electronique/parametres',
    headers: { authorization: `Bearer ${token}` },
    payload: fakePaSettings(pa),
  });
  if (settings.statusCode !== 200) throw new Error(`PUT parametres → ${settings.statusCode} ${settings.body}`);

  /** Issued or queued: the real time each document number was queued for submission. */
  const queuedAt = new Map<string, number>();
  const invoiceIds: number[] = [];

  /** Run the queue until no job is left; a retry waiting for its backoff is brought forward by moving the clock. */
  async function drain() {
    let moved = 0;
    for (;;) {
      await kick();
      const [next] = await handle.query<{ run_at: Date | null; n: number }>(
        `SELECT min(run_at) AS run_at, count(*)::int AS n FROM jobs WHERE status IN ('pending', 'running')`,
      );
      if (next.n === 0) return moved;
      const ahead = next.run_at ? new Date(next.run_at).getTime() - clock.now().getTime() + 1 : 0;
      if (ahead > 0) {
        offsetMs += ahead;
        moved += ahead;
      }
    }
  }

  async function issueThroughApi(count: number, workerRunning: boolean) {
    const quoteIds: number[] = [];
    for (let i = 0; i < count; i += 1)
      quoteIds.push(await quoteInStatus(db, { issuerId: architect.id, clientId: clients[i % clients.length], typeClient: 'entreprise' }));
    await drain();
    // Held back: issuing kicks the worker (through the mailer); a no-op kick leaves the jobs waiting.
    if (!workerRunning) jobs.kick = () => Promise.resolve();
    const times: number[] = [];
    const t0 = performance.now();
    for (const quoteId of quoteIds) {
      const t = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/facture',
        headers: { authorization: `Bearer ${token}` },
        payload: { quote_id: quoteId, kind: 'acompte', percent_bp: 3000, payment_delay_days: 30 },
      });
      if (res.statusCode !== 201) throw new Error(`POST /api/facture → ${res.statusCode} ${res.body}`);
      times.push(performance.now() - t);
      const invoice = res.json().data as { id: number; number: string };
      queuedAt.set(invoice.number, Date.now());
      invoiceIds.push(invoice.id);
    }
    const ms = performance.now() - t0;
    jobs.kick = kick;
    await drain();
    return { ms, times, total: performance.now() - t0 };
  }

  /** `count` copies of the first issued invoice, each with its stored original, queued for submission by the module. */
  async function seedQueued(count: number, tag: string) {
    const [template] = await db.select().from(eInvoiceSubmissions).where(eq(eInvoiceSubmissions.invoiceId, invoiceIds[0]));
    const pdf = await originalPdf(app.deps, 'invoice', invoiceIds[0]);
    const sha256 = sha256Of(pdf);
    const rows = await handle.query<{ id: number; number: string }>(
      `INSERT INTO invoices (number, issuer_id, client_id, quote_id, project_id, kind, title, situation_index, issued_at, issue_date, due_date,
         total_ht_cents, total_tva_cents, total_ttc_cents, retention_cents, by_rate, progress_bp, document, search_text)
       SELECT $2 || lpad(g::text, 5, '0'), i.issuer_id, i.client_id, i.quote_id, i.project_id, i.kind, i.title, i.situation_index,
         i.issued_at, i.issue_date, i.due_date, i.total_ht_cents, i.total_tva_cents, i.total_ttc_cents, i.retention_cents, i.by_rate,
         i.progress_bp, i.document, i.search_text
       FROM generate_series(1, $3::int) AS g, invoices i WHERE i.id = $1
       RETURNING id, number`,
      [invoiceIds[0], `F-2026-${tag}`, count],
    );
    for (const row of rows) {
      const storageKey = await app.deps.storage.save(pdf, 'pdf');
      await db.insert(documentOriginals).values({ kind: 'invoice', subjectId: row.id, storageKey, sha256, sizeBytes: pdf.length, archivedAt: clock.now() });
    }
    for (let start = 0; start < rows.length; start += 100) {
      const batch = rows.slice(start, start + 100);
      await db.transaction(async (tx) => {
        for (const row of batch)
          await queueInvoiceSubmission(tx, { invoiceId: row.id, issuerId: architect.id, number: row.number, facts: template.documentFacts });
      });
    }
    invoiceIds.push(...rows.map((r) => r.id));
    return rows.map((r) => r.number);
  }

  /** Flows of these numbers at the fake, and whether each was deposited exactly once and marked submitted. */
  async function check(numbers: string[]) {
    const wanted = new Set(numbers);
    const flows = [...pa.state.flows.values()].filter((f) => f.flowType === 'CustomerInvoice' && wanted.has(f.trackingId));
    const perNumber = new Map<string, number>();
    for (const f of flows) perNumber.set(f.trackingId, (perNumber.get(f.trackingId) ?? 0) + 1);
    const twice = [...perNumber].filter(([, n]) => n > 1);
    const missing = numbers.filter((number) => !perNumber.has(number));
    const subs = await db.select().from(eInvoiceSubmissions).where(inArray(eInvoiceSubmissions.documentNumber, numbers));
    const notSubmitted = subs.filter((sub) => sub.state !== 'submitted');
    const wrongFlow = subs.filter((sub) => sub.flowId === null || pa.state.flows.get(sub.flowId)?.trackingId !== sub.documentNumber);
    if (twice.length) console.log(`  ENVOI EN DOUBLE : ${twice.length} numéro(s), p. ex. ${twice[0][0]} ×${twice[0][1]}`);
    if (missing.length) console.log(`  NON REÇUES PAR LE PA : ${missing.length}, p. ex. ${missing[0]}`);
    if (notSubmitted.length)
      console.log(
        `  ENVOIS NON « submitted » : ${notSubmitted.length}, p. ex. ${notSubmitted[0].documentNumber} ${notSubmitted[0].state} ${notSubmitted[0].lastError ?? ''}`,
      );
    if (wrongFlow.length) console.log(`  flowId absent ou d’un autre numéro : ${wrongFlow.length}, p. ex. ${wrongFlow[0].documentNumber}`);
    const dead = await handle.query<{ kind: string; n: number; error: string }>(
      `SELECT kind, count(*)::int AS n, max(last_error) AS error FROM jobs WHERE status = 'dead' GROUP BY kind`,
    );
    for (const d of dead) console.log(`  ${d.n} tâche(s) ${d.kind} mortes : ${d.error}`);
    const ok =
      flows.length === numbers.length && subs.length === numbers.length && !twice.length && !missing.length && !notSubmitted.length && !wrongFlow.length;
    return {
      ok,
      flows: flows.length,
      latencies: flows.map((f) => f.submittedAt.getTime() - queuedAt.get(f.trackingId)!),
      retried: subs.filter((sub) => sub.attempts > 1).length,
    };
  }

  const postFlows = () => pa.state.requests.filter((r) => r.method === 'POST' && r.url === '/v1/flows').length;
  console.log(`${handle.kind}; faux PA sur ${pa.url}, sans validation FNFE des fichiers (il lit l’en-tête de chaque Factur-X).`);

  // 1. Issuing alone, the worker held back.
  const alone = await issueThroughApi(API, false);
  const aloneNumbers = [...queuedAt.keys()];
  const aloneCheck = await check(aloneNumbers);
  const issuePerSecond = (API * 1000) / alone.ms;
  console.log(
    `1. Émission seule (API, file arrêtée) : ${API} factures en ${s(alone.ms)}, ${issuePerSecond.toFixed(1)} factures/s (p50 ${percentile(alone.times, 50).toFixed(0)} ms, p95 ${percentile(alone.times, 95).toFixed(0)} ms) ; ` +
      `puis file vidée (originaux rendus, envois) : ${s(alone.total - alone.ms)} ; flux ${aloneCheck.flows}/${API}`,
  );

  // 2. Live: the worker runs while the architect issues.
  const liveFrom = queuedAt.size;
  const live = await issueThroughApi(API, true);
  const liveNumbers = [...queuedAt.keys()].slice(liveFrom);
  const liveCheck = await check(liveNumbers);
  console.log(
    `2. Émission avec la file en marche (API) : ${API} factures en ${s(live.ms)} (tout déposé à ${s(live.total)}), ${((API * 1000) / live.ms).toFixed(1)} factures/s ; ` +
      `file → flux ${p5095(liveCheck.latencies)} ; flux ${liveCheck.flows}/${API}`,
  );

  // 3 and 4. N submissions queued at once, without and with faults.
  async function bulk(label: string, tag: string, withFaults: boolean) {
    const numbers = await seedQueued(N, tag);
    const posts = postFlows();
    const servedBefore = faults;
    faulty = withFaults;
    const peak = rssSampler();
    // Queued at once: the latency counts from the moment the worker may take them, not from the seeding.
    const start = Date.now();
    for (const number of numbers) queuedAt.set(number, start);
    const t0 = performance.now();
    const moved = await drain();
    await pa.idle();
    const ms = performance.now() - t0;
    faulty = false;
    const peakRss = peak();
    const result = await check(numbers);
    const perSecond = (N * 1000) / ms;
    console.log(
      `${label} : ${N} envois en ${s(ms)}, ${perSecond.toFixed(1)} factures/s ; file → flux ${p5095(result.latencies)} ; ` +
        `flux reçus par le PA ${result.flows}/${N} ${result.ok ? '(un par facture)' : '— ÉCHEC'} ; POST /v1/flows ${postFlows() - posts}, ` +
        `500 servis ${faults - servedBefore}, envois repris ${result.retried}${moved ? `, horloge avancée de ${s(moved)} (backoff)` : ''} ; RSS max ${mb(peakRss)}`,
    );
    return { ...result, perSecond };
  }
  const sent = await bulk(`3. ${N} envois en file d’un coup`, 'B', false);
  const faultyRun = await bulk(`4. Les mêmes, 10 % de 500`, 'C', true);

  const ratio = sent.perSecond / issuePerSecond;
  const ratioFaulty = faultyRun.perSecond / issuePerSecond;
  const exactlyOnce = aloneCheck.ok && liveCheck.ok && sent.ok && faultyRun.ok;
  const pass = exactlyOnce && ratio >= TARGET && ratioFaulty >= TARGET;
  console.log(
    `Par facture : émission ${(1000 / issuePerSecond).toFixed(0)} ms, envoi ${(1000 / sent.perSecond).toFixed(0)} ms (${(1000 / faultyRun.perSecond).toFixed(0)} ms avec 10 % de 500) ; ` +
      `RSS max du processus ${mb(process.resourceUsage().maxRSS * 1024)}`,
  );
  console.log(
    `Verdict : envoi = ${ratio.toFixed(1)} × le débit d’émission (${ratioFaulty.toFixed(1)} × avec 10 % de 500), cible ≥ ${TARGET} × ; ` +
      `un flux et un seul par facture : ${exactlyOnce ? 'oui' : 'NON'} → ${pass ? 'OK' : 'ÉCHEC'}`,
  );
  await app.close();
  await pa.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (!pass) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
