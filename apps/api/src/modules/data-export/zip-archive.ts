import { Readable } from 'node:stream';
import { lazyImport } from '../../lib/lazy-deps';

/** fflate, already in the tree through pdfkit: loaded on the first export (decision 0863). */
const loadFflate = lazyImport('fflate', () => import('fflate'));

export interface ArchiveEntry {
  /** The path inside the archive (UTF-8; fflate sets the language-encoding flag). */
  path: string;
  read: () => Promise<Buffer>;
  /** Text is deflated; photos and PDFs are already compressed and are stored as they are. */
  compress: boolean;
}

/**
 * A ZIP archive written while it is read: one entry read at a time, its bytes handed to the
 * response as the stream asks for them, so a person with many photos never holds them all in
 * memory. An entry whose file cannot be read (gone from the storage) is replaced by a short text
 * saying so, rather than breaking an archive already half sent.
 */
export async function zipStream(entries: Iterable<ArchiveEntry>, options: { at: Date; missing: (path: string) => string }): Promise<Readable> {
  const { Zip, ZipDeflate, ZipPassThrough } = await loadFflate();
  async function* chunks(): AsyncGenerator<Buffer> {
    const out: Buffer[] = [];
    let failure: Error | null = null;
    const zip = new Zip((error, chunk) => {
      if (error) failure = error;
      else out.push(Buffer.from(chunk));
    });
    const add = (path: string, bytes: Buffer, compress: boolean) => {
      const file = compress ? new ZipDeflate(path, { level: 6 }) : new ZipPassThrough(path);
      file.mtime = options.at;
      zip.add(file);
      file.push(bytes, true);
    };
    for (const entry of entries) {
      let bytes: Buffer | null = null;
      try {
        bytes = await entry.read();
      } catch {
        bytes = null;
      }
      if (bytes) add(entry.path, bytes, entry.compress);
      else add(`${entry.path}.indisponible.txt`, Buffer.from(options.missing(entry.path)), true);
      if (failure) throw failure;
      yield* out.splice(0);
    }
    zip.end();
    if (failure) throw failure;
    yield* out.splice(0);
  }
  return Readable.from(chunks());
}
