import { siteLogEntryFields, type SiteLogEntryDetail } from '@ouvrage/contracts';
import {
  calendarDate,
  refusal,
  SITE_LOG_ERRORS,
  siteLogCorrectionRefusal,
  siteLogEntryRefusal,
  siteLogWriterRefusal,
  todayInParis,
  type Caller,
} from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { invalid, refused } from '../../lib/errors';
import type { UploadedFile } from '../../lib/uploads';
import { findNul, NUL_MESSAGE } from '../../lib/validation';
import { acceptedProfessionalsOfProject } from '../tenders';
import { preparePhotos, removePhotos, storePhotos } from './photos';
import * as repo from './repository';
import { getEntry } from './site-log-views';
import { tellClientOfEntry } from './tell-client';

/** The entry's fields — a JSON body or a multipart form's text fields — checked like a body: each wrong field gets its message. */
export function readEntryFields(raw: unknown) {
  const nul = findNul(raw);
  if (nul) throw invalid({ [nul.join('.') || 'form']: NUL_MESSAGE });
  const parsed = siteLogEntryFields.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const messages: Record<string, string> = {};
  for (const issue of parsed.error.issues) messages[issue.path.map(String).join('.') || 'form'] ??= issue.message;
  throw invalid(messages);
}

/** Before any byte of a form is read: the caller may write in this journal. Checked again in the transaction. */
export async function assertCanWrite(deps: AppDeps, caller: Caller, projectId: number): Promise<void> {
  const rule = siteLogWriterRefusal(caller, caller.user_type === 'admin' ? [] : await acceptedProfessionalsOfProject(deps.db, projectId));
  if (rule) throw refused(rule);
}

/**
 * Write an entry in the project's journal (decision 1231). The rules on the day (not after today
 * in Paris), the weather note and the photos are checked first; the photos are decoded, dated from
 * their EXIF and stored re-encoded without metadata; then, in one transaction, the journal is
 * locked, the writer checked again (a tender may have been withdrawn meanwhile), the corrected
 * entry checked (same journal, not corrected yet), and the entry takes the journal's next number.
 * A refusal after the photos were stored removes them.
 */
export async function writeEntry(
  deps: AppDeps,
  caller: Caller,
  projectId: number,
  form: { fields: unknown; files: UploadedFile[] },
): Promise<SiteLogEntryDetail> {
  const input = readEntryFields(form.fields);
  const workDate = calendarDate(input.work_date);
  const rule = siteLogEntryRefusal(
    { workDate, weatherStop: input.weather_stop, weatherNote: input.weather_note ?? '', photoCount: form.files.length },
    todayInParis(deps.clock),
  );
  if (rule) throw refused(rule);
  const stored = await storePhotos(deps, await preparePhotos(form.files));
  let entryId: number;
  try {
    entryId = await deps.db.transaction(async (tx) => {
      await repo.lockJournal(tx, projectId);
      const writer = siteLogWriterRefusal(caller, caller.user_type === 'admin' ? [] : await acceptedProfessionalsOfProject(tx, projectId));
      if (writer) throw refused(writer);
      if (input.corrects_entry_id !== null) {
        const old = await repo.findEntry(tx, input.corrects_entry_id);
        // An entry of another journal, or none, reads the same: nothing is told about other projects.
        const correctedBy = old ? (await repo.correctionsOf(tx, [old.id])).get(old.id) : undefined;
        const correction = old
          ? siteLogCorrectionRefusal({ projectId: old.projectId, number: old.number, correctedByNumber: correctedBy?.number ?? null }, projectId)
          : refusal(SITE_LOG_ERRORS.correctionOtherProject, 'L’entrée corrigée doit appartenir au journal de ce projet.', {}, 400);
        if (correction) throw refused(correction, { corrects_entry_id: correction.message });
      }
      const row = await repo.insertEntry(tx, {
        projectId,
        number: await repo.nextNumber(tx, projectId),
        authorId: caller.id,
        workDate,
        body: input.body,
        lotLabel: input.lot_label,
        weatherStop: input.weather_stop,
        weatherNote: input.weather_stop ? input.weather_note : null,
        correctsEntryId: input.corrects_entry_id,
        createdAt: deps.clock.now(),
      });
      await repo.insertPhotos(tx, row.id, stored);
      await tellClientOfEntry(tx, deps, row);
      return row.id;
    });
  } catch (error) {
    await removePhotos(deps, stored);
    throw error;
  }
  return getEntry(deps, entryId, caller);
}
