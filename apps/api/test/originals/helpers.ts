import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { documentOriginals, type DocumentOriginalKind } from '@ouvrage/db';
import { getDocumentProxy } from 'unpdf';
import type { TestContext } from '../helpers';

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The stored original's row of a document (undefined before it is made). */
export async function originalRow(ctx: TestContext, kind: DocumentOriginalKind, id: number) {
  const [row] = await ctx.db
    .select()
    .from(documentOriginals)
    .where(and(eq(documentOriginals.kind, kind), eq(documentOriginals.subjectId, id)));
  return row;
}

/** Every file in the test app's local store (DATA_DIR/files). */
export function storedFiles(ctx: TestContext): string[] {
  const root = join(ctx.dataDir, 'files');
  const walk = (dir: string): string[] =>
    existsSync(dir) ? readdirSync(dir).flatMap((entry) => (statSync(join(dir, entry)).isDirectory() ? walk(join(dir, entry)) : [join(dir, entry)])) : [];
  return walk(root);
}

/** Change one byte of a stored file, as a broken disk or a hand in the bucket would. */
export function tamper(ctx: TestContext, key: string): void {
  const path = join(ctx.dataDir, 'files', key);
  const bytes = readFileSync(path);
  const at = Math.floor(bytes.length / 2);
  bytes[at] = bytes[at] === 0x30 ? 0x31 : 0x30;
  writeFileSync(path, bytes);
}

/** The factur-x.xml a PDF carries, read with pdf.js (not the library the API extracts it with). */
export async function facturXmlOf(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const attachments = ((await doc.getAttachments()) ?? {}) as Record<string, { filename: string; content: Uint8Array }>;
  const xml = Object.values(attachments).find((a) => a.filename === 'factur-x.xml');
  if (!xml) throw new Error('pas de factur-x.xml dans ce PDF');
  return Buffer.from(xml.content).toString('utf8');
}
