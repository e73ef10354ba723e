import type { FastifyReply } from 'fastify';
import { notFound } from './errors';
import type { FileStorage } from './storage';

/**
 * Read a stored file; one whose bytes have gone missing (a restored backup, a manual cleanup)
 * is a French 404, not a 500.
 */
export async function readStoredFile(storage: FileStorage, key: string, message = 'Ce fichier est introuvable sur le serveur.'): Promise<Buffer> {
  try {
    return await storage.read(key);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT' || (error as { name?: string }).name === 'NoSuchKey') throw notFound(message);
    throw error;
  }
}

export interface FileAnswer {
  bytes: Buffer;
  mime: string;
  /** Shown to the browser as the file's name; omitted for images displayed in pages. */
  name?: string;
  disposition?: 'inline' | 'attachment';
  /**
   * `private` (default): a user's own document, never kept by the browser or a proxy;
   * otherwise the `cache-control` value itself (public images, logos).
   */
  cache?: 'private' | string;
}

/** `filename="ascii"; filename*=UTF-8''percent-encoded` (RFC 6266 / RFC 5987): every browser gets a usable name. */
export function contentDisposition(disposition: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Send a stored file with the download headers every file route uses. */
export function sendFile(reply: FastifyReply, file: FileAnswer) {
  reply
    .header('content-type', file.mime)
    .header('content-length', file.bytes.length)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', !file.cache || file.cache === 'private' ? 'private, no-store' : file.cache);
  if (file.name) reply.header('content-disposition', contentDisposition(file.disposition ?? 'inline', file.name));
  return reply.send(file.bytes as never);
}
