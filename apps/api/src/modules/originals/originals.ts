import type { FastifyInstance } from 'fastify';
import type { Executor } from '@ouvrage/db';
import type { AppDeps } from '../../lib/deps';
import { enqueue } from '../jobs';
import { originalMissing } from './original-errors';
import * as repo from './repository';
import { logOriginalsTo, readVerified, sha256Of } from './verified-read';

/**
 * The original is the document (issue 34 §4, decisions 1020–1022). An issued invoice, a credit note
 * and a sent quote's version are rendered once, right after the transaction that issues them (a
 * job queued in it, run by the kick that follows the commit), stored in `deps.storage`, and the
 * row of `document_originals` points to that one object with its SHA-256 and size. Every later
 * read serves those bytes, checked: a changed template, IBAN or logo never changes them.
 *
 * Exactly one original per document, whoever renders first: the row is inserted with ON CONFLICT
 * DO NOTHING, and a writer that loses (two instances, the job and a download at once) removes the
 * object it stored and serves the winner's bytes. In one process, concurrent asks share one render.
 */

export type OriginalKind = repo.DocumentOriginalKind;

/** The document as issued, rendered from its frozen facts (never from today's settings). */
export type OriginalRenderer = (id: number) => Promise<Buffer>;

export const ORIGINAL_JOB = 'originals.archive';

const renderers = new WeakMap<AppDeps, Map<OriginalKind, OriginalRenderer>>();
const inFlight = new WeakMap<AppDeps, Map<string, Promise<Buffer>>>();

/** Called once per kind by the module that issues it (invoices: `invoice`, `credit-note`; quotes: `quote`). */
export function registerOriginalKind(app: FastifyInstance, kind: OriginalKind, render: OriginalRenderer): void {
  const { deps } = app;
  let kinds = renderers.get(deps);
  if (!kinds) {
    kinds = new Map();
    renderers.set(deps, kinds);
    deps.jobs.registerJobHandler(ORIGINAL_JOB, async (payload) => {
      await originalPdf(deps, payload.kind as OriginalKind, Number(payload.id));
    });
  }
  if (kinds.has(kind)) throw new Error(`Type d’original déjà enregistré : ${kind}`);
  kinds.set(kind, render);
  logOriginalsTo(app);
}

/**
 * In the issuing transaction: the original is made right after the commit (the kick that sends the
 * document's mail runs it), or by the queue's retries if this process dies first.
 */
export async function queueOriginal(tx: Executor, kind: OriginalKind, id: number): Promise<void> {
  await enqueue(tx, { kind: ORIGINAL_JOB, payload: { kind, id }, idempotencyKey: `${kind}:${id}` });
}

/** The document's original bytes: the stored ones, checked against their SHA-256; made once if none yet. */
export async function originalPdf(deps: AppDeps, kind: OriginalKind, id: number): Promise<Buffer> {
  const row = await repo.findOriginal(deps.db, kind, id);
  if (row) return readStored(deps, row);
  const flights = inFlight.get(deps) ?? new Map<string, Promise<Buffer>>();
  inFlight.set(deps, flights);
  const key = `${kind}:${id}`;
  let flight = flights.get(key);
  if (!flight) {
    flight = archive(deps, kind, id).finally(() => flights.delete(key));
    flights.set(key, flight);
  }
  return flight;
}

/** The stored original's facts (key, SHA-256, size), or undefined before it is made. */
export async function originalFacts(deps: AppDeps, kind: OriginalKind, id: number): Promise<repo.DocumentOriginalRow | undefined> {
  return repo.findOriginal(deps.db, kind, id);
}

const readStored = (deps: AppDeps, row: repo.DocumentOriginalRow) =>
  readVerified(deps, { key: row.storageKey, sha256: row.sha256, size: row.sizeBytes }, { kind: row.kind, id: row.subjectId }, originalMissing);

async function archive(deps: AppDeps, kind: OriginalKind, id: number): Promise<Buffer> {
  const render = renderers.get(deps)?.get(kind);
  if (!render) throw new Error(`Aucun rendu enregistré pour les originaux « ${kind} »`);
  const bytes = await render(id);
  const storageKey = await deps.storage.save(bytes, 'pdf');
  const made = await repo
    .insertOriginal(deps.db, { kind, subjectId: id, storageKey, sha256: sha256Of(bytes), sizeBytes: bytes.length, archivedAt: deps.clock.now() })
    .catch(async (error: unknown) => {
      await deps.storage.remove(storageKey).catch(() => undefined);
      throw error;
    });
  if (made) return bytes;
  // Another writer stored the original first: ours is dropped, never served.
  await deps.storage.remove(storageKey);
  const winner = await repo.findOriginal(deps.db, kind, id);
  if (!winner) throw new Error(`Original ${kind} ${id} introuvable après un conflit d’écriture`);
  return readStored(deps, winner);
}
