import { refusal, type Refusal } from './refusal';

/**
 * Journal entries cited by other documents (issue 39 §2, decision 1232): an invoice cites entries
 * of its project as its justification (« Justificatif : entrée n° 3 du 12/11/2026 »), a réception's
 * reservation cites one entry with photos as its photo. Only entries of the document's own project.
 */

/** At most this many entries justify one invoice. */
export const SITE_LOG_CITATIONS_MAX = 20;

export const SITE_LOG_CITATION_ERRORS = {
  otherProject: 'SITE_LOG_CITATION_OTHER_PROJECT',
  noPhoto: 'SITE_LOG_CITATION_NO_PHOTO',
} as const;

/**
 * Why these entries cannot be cited by a document of `projectId`: one of them is of another
 * project, or unknown (`found` lacks it) — the same answer, nothing is told about other projects.
 * `withPhotos`: the citing document wants a photo (a reservation), so every entry must have one.
 */
export function siteLogCitationRefusal(
  wanted: readonly number[],
  found: ReadonlyArray<{ id: number; projectId: number; photoCount: number }>,
  projectId: number,
  options: { withPhotos?: boolean } = {},
): Refusal | null {
  const byId = new Map(found.map((e) => [e.id, e]));
  const strangers = wanted.filter((id) => byId.get(id)?.projectId !== projectId);
  if (strangers.length)
    return refusal(
      SITE_LOG_CITATION_ERRORS.otherProject,
      'Seules les entrées du journal de chantier de ce projet peuvent être citées.',
      { count: strangers.length },
      400,
    );
  if (options.withPhotos && wanted.some((id) => byId.get(id)!.photoCount === 0))
    return refusal(SITE_LOG_CITATION_ERRORS.noPhoto, 'Choisissez une entrée du journal qui a au moins une photo.', {}, 400);
  return null;
}
