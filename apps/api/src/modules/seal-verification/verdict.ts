import type { SealVerdict, SealVerificationResult } from '@ouvrage/contracts';
import type { SealVerification } from '../signature';

/** « 23/11/2026 à 14:02 », Paris time: how the page's sentence dates the seal. */
const parisDate = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' });
const parisTime = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit', hour12: false });
export const formatSealTime = (at: Date) => `${parisDate.format(at)} à ${parisTime.format(at)}`;

/**
 * The answer of the verification page (decision 0632): sealed and unchanged only when the last
 * signature is the platform's, its digest and CMS signature check out, and it covers the whole file.
 */
export function sealVerdict(v: SealVerification): SealVerificationResult {
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
  };
}

function messageOf(verdict: SealVerdict, at: Date | null): string {
  if (verdict === 'not-ours') return 'Ce document ne porte pas le cachet d’Ouvrage.';
  const when = at ? ` le ${formatSealTime(at)}` : '';
  if (verdict === 'sealed') return `Ce document a été scellé par Ouvrage${when} et n’a pas été modifié depuis.`;
  return `Ce document a été scellé par Ouvrage${when} mais a été modifié après son scellement.`;
}
