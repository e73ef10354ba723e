import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SITE_LOG_CITATION_ERRORS, siteLogCitationRefusal } from '../src/site-log-citations';

/** Citing journal entries (decision 1232): only entries of the citing document's project; a reservation's with a photo. */
describe('siteLogCitationRefusal', () => {
  const entry = (id: number, projectId: number, photoCount = 0) => ({ id, projectId, photoCount });

  it('accepts entries of the project, refuses one of another project or unknown with the same 400', () => {
    expect(siteLogCitationRefusal([1, 2], [entry(1, 7), entry(2, 7)], 7)).toBeNull();
    const other = siteLogCitationRefusal([1, 3], [entry(1, 7), entry(3, 8)], 7);
    const unknown = siteLogCitationRefusal([1, 4], [entry(1, 7)], 7);
    expect(other).toMatchObject({ code: SITE_LOG_CITATION_ERRORS.otherProject, status: 400 });
    expect(unknown).toEqual(other);
  });

  it('asks a photo of each entry when the citing document wants one', () => {
    expect(siteLogCitationRefusal([1], [entry(1, 7, 0)], 7, { withPhotos: true })).toMatchObject({ code: SITE_LOG_CITATION_ERRORS.noPhoto, status: 400 });
    expect(siteLogCitationRefusal([1], [entry(1, 7, 2)], 7, { withPhotos: true })).toBeNull();
  });

  it('refuses exactly when one wanted entry is not found in the project (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { maxLength: 10 }),
        fc.array(fc.record({ id: fc.integer({ min: 1, max: 50 }), projectId: fc.integer({ min: 1, max: 3 }), photoCount: fc.nat(3) }), { maxLength: 20 }),
        (wanted, rows) => {
          const found = [...new Map(rows.map((r) => [r.id, r])).values()];
          const ours = new Set(found.filter((r) => r.projectId === 1).map((r) => r.id));
          const refusal = siteLogCitationRefusal(wanted, found, 1);
          expect(refusal === null).toBe(wanted.every((id) => ours.has(id)));
        },
      ),
    );
  });
});
