import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { readStoredFile } from '../../lib/stored-files';
import { originalAltered } from './original-errors';

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A stored file as the database knows it: where, its SHA-256, its size (null when not recorded). */
export interface StoredFacts {
  key: string;
  sha256: string;
  size: number | null;
}

/** What the file is, for the error log: a kind and its record's id. */
export interface DocumentRef {
  kind: string;
  id: number;
}

const logs = new WeakMap<AppDeps, FastifyBaseLogger>();

/** Where a module that serves originals logs a read refused (its app's logger); set at registration. */
export function logOriginalsTo(app: FastifyInstance): void {
  logs.set(app.deps, app.log);
}

function logError(deps: AppDeps, facts: object, message: string): void {
  const log = logs.get(deps);
  if (log) log.error(facts, message);
  else process.stderr.write(`${JSON.stringify({ level: 'error', ...facts, msg: message })}\n`);
}

/**
 * The stored bytes, checked against the SHA-256 and size recorded when they were stored (decision
 * 1023): a mismatch is logged at error level with the document's kind and id and refused
 * (`DOCUMENT_ORIGINAL_ALTERED`); a missing file is logged too and answered 404.
 */
export async function readVerified(deps: AppDeps, file: StoredFacts, about: DocumentRef, missing: () => AppError): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await readStoredFile(deps.storage, file.key);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      logError(deps, { document_kind: about.kind, document_id: about.id, storage_key: file.key }, 'stored original missing');
      throw missing();
    }
    throw error;
  }
  const sha256 = sha256Of(bytes);
  if (sha256 !== file.sha256 || (file.size !== null && bytes.length !== file.size)) {
    logError(
      deps,
      {
        document_kind: about.kind,
        document_id: about.id,
        storage_key: file.key,
        expected_sha256: file.sha256,
        actual_sha256: sha256,
        expected_size: file.size,
        actual_size: bytes.length,
      },
      'stored original does not match its SHA-256: refused',
    );
    throw originalAltered();
  }
  return bytes;
}
