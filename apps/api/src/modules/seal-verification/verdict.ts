import type { SealedRecord as SealedRecordWire, SealHashResult, SealVerdict, SealVerificationResult } from '@ouvrage/contracts';
import { calendarDateAt, formatCalendarDate, formatParisTime } from '@ouvrage/domain';
import type { SealedRecord, SealVerification } from '../signature';

/** « 23/11/2026 à 14:02 », Paris time: how the page's sentence dates the seal. */
export const formatSealTime = (at: Date) => `${formatCalendarDate(calendarDateAt(at))} à ${formatParisTime(at)}`;

/**
 * The answer of the verification page (decision 0635): sealed and unchanged only when the last
 * signature is the platform's, its digest and CMS signature check out, and it covers the whole file.
 */
export function sealVerdict(v: SealVerification, record: SealedRecord | null): SealVerificationResult {
  const unchanged = v.intact && v.coversWholeFile;
  const verdict: SealVerdict = !v.sealedByPlatform ? 'not-ours' : unchanged ? 'sealed' : 'modified';
  return {
    sha256: v.sha256,
    verdict,
    sealed_by_platform: v.sealedByPlatform,
    unchanged: v.sealedByPlatform && unchanged,
    covers_whole_file: v.coversWholeFile,
    signed_at: v.signingTime ? v.signingTime.toISOString() : null,
    certificate_name: v.certificateName,
    reason: v.reason,
    location: v.location,
    message: messageOf(verdict, v.signingTime),
    // Only a sealed, unchanged file is the one the platform recorded: its hash is then the record's.
    record: verdict === 'sealed' && record ? recordOf(record) : null,
  };
}

function messageOf(verdict: SealVerdict, at: Date | null): string {
  if (verdict === 'not-ours') return 'Ce document ne porte pas le cachet d’Ouvrage.';
  const when = at ? ` le ${formatSealTime(at)}` : '';
  if (verdict === 'sealed') return `Ce document a été scellé par Ouvrage${when} et n’a pas été modifié depuis.`;
  return `Ce document a été scellé par Ouvrage${when} mais a été modifié après son scellement.`;
}

export function recordOf(record: SealedRecord): SealedRecordWire {
  return {
    title: record.title,
    signed_at: record.signedAt?.toISOString() ?? null,
    signers: record.signers.map((s) => ({ name: s.name, signed_at: s.signedAt?.toISOString() ?? null })),
  };
}

/** The answer to a pasted SHA-256 (decision 0635). */
export function hashVerdict(sha256: string, record: SealedRecord | null): SealHashResult {
  if (!record) return { sha256, found: false, record: null, message: 'Aucun document signé sur Ouvrage n’a cette empreinte.' };
  const when = record.signedAt ? ` le ${formatSealTime(record.signedAt)}` : '';
  return {
    sha256,
    found: true,
    record: recordOf(record),
    message: `Cette empreinte est celle du document « ${record.title} », signé et scellé par Ouvrage${when}.`,
  };
}
