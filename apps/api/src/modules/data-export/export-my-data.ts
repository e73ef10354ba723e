import type { Readable } from 'node:stream';
import { calendarDateAt, refusal, type Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { refused } from '../../lib/errors';
import { recipientLanguage } from '../mail';
import { claimExport, releaseExport } from './export-throttle';
import { missingFileText, readmeText } from './readme';
import { exportPartsOf } from './registry';
import type { ArchiveEntry } from './zip-archive';
import { zipStream } from './zip-archive';

/** The version of `donnees.json`'s layout, for a service that reads it. */
export const EXPORT_FORMAT = 'ouvrage-donnees-personnelles/1';

/** Control characters and what Windows refuses in a file name. */
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_NAMES = /[\u0000-\u001f\u007f\\:*?"<>|]+/g;

/** A file's path as it may stand in an archive: its folders kept, each part without a character a file system refuses, 120 at most. */
export function safeFilePath(name: string): string {
  return name
    .split('/')
    .map((part) => {
      const cleaned = part.replace(UNSAFE_IN_NAMES, '_').replace(/^\.+/, '').trim();
      return (cleaned || 'fichier').slice(-120);
    })
    .join('/');
}

/**
 * The caller's data export (RGPD art. 15 and 20, decision 1233): every registered part read for
 * them, `donnees.json`, a README in their language and the parts' files, as a ZIP written while
 * it is sent. Once every 10 minutes per person (429 `DATA_EXPORT_TOO_SOON` with the minutes left);
 * a failure before the first byte gives the slot back.
 */
export async function exportMyData(deps: AppDeps, caller: Caller): Promise<{ stream: Readable; fileName: string }> {
  const wait = await claimExport(deps, caller.id);
  if (wait !== null) {
    const minutes = Math.ceil(wait / 60_000);
    throw refused(
      refusal('DATA_EXPORT_TOO_SOON', `Vous avez déjà téléchargé vos données il y a moins de 10 minutes : réessayez dans ${minutes} min.`, { minutes }, 429),
    );
  }
  try {
    const at = deps.clock.now();
    const day = calendarDateAt(at);
    const language = await recipientLanguage(deps.db, { userId: caller.id });
    const files: ArchiveEntry[] = [];
    const taken = new Set<string>();
    const data: Record<string, unknown> = { format: EXPORT_FORMAT, generated_at: at.toISOString(), user_id: caller.id, language };
    // The account first, then the modules in the order they registered.
    const parts = [...exportPartsOf(deps)].sort((a, b) => Number(b.name === 'profile') - Number(a.name === 'profile'));
    for (const part of parts) {
      const folder = `fichiers/${part.name}/`;
      const addFile = (name: string, read: () => Promise<Buffer>) => {
        const safe = safeFilePath(name);
        let path = folder + safe;
        // Two files of one name: the later one gets a number before its name.
        for (let n = 2; taken.has(path); n += 1) path = folder + safe.replace(/[^/]*$/, (last) => `${n}-${last}`);
        taken.add(path);
        files.push({ path, read, compress: !/\.(jpe?g|png|webp|pdf)$/i.test(path) });
        return path;
      };
      // One part after the other: the reads share the pool with everyone else's requests.
      data[part.name] = await part.collect({ deps, db: deps.db, user: caller, language, addFile });
    }
    const json = Buffer.from(JSON.stringify(data, null, 2));
    const readme = Buffer.from(
      readmeText(
        language,
        parts.map((p) => p.name),
        day,
      ),
    );
    const entries: ArchiveEntry[] = [
      { path: 'README.txt', read: async () => readme, compress: true },
      { path: 'donnees.json', read: async () => json, compress: true },
      ...files,
    ];
    const stream = await zipStream(entries, { at, missing: (path) => missingFileText(language, path) });
    return { stream, fileName: `ouvrage-mes-donnees-${day}.zip` };
  } catch (error) {
    await releaseExport(deps, caller.id);
    throw error;
  }
}
