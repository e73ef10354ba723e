import { describe, expect, it } from 'vitest';
import {
  calendarDate,
  exifCaptureInstant,
  FixedClock,
  SITE_LOG_ERRORS,
  SITE_LOG_LIMITS,
  siteLogCorrectionRefusal,
  siteLogEntryRefusal,
  siteLogPhotoRefusal,
  siteLogWriterRefusal,
  todayInParis,
} from '../src';

describe('site log (decision 1231)', () => {
  describe('who writes', () => {
    const accepted = [7, 9];
    it('lets the admin and the professionals whose tender is accepted write', () => {
      expect(siteLogWriterRefusal({ id: 1, user_type: 'admin' }, [])).toBeNull();
      expect(siteLogWriterRefusal({ id: 7, user_type: 'professionnel' }, accepted)).toBeNull();
      expect(siteLogWriterRefusal({ id: 9, user_type: 'architecte' }, accepted)).toBeNull();
    });
    it('refuses, with a 403, the client, another professional and a client listed by mistake', () => {
      for (const caller of [
        { id: 3, user_type: 'client' as const },
        { id: 8, user_type: 'professionnel' as const },
        { id: 7, user_type: 'client' as const },
      ]) {
        const rule = siteLogWriterRefusal(caller, accepted);
        expect(rule?.code).toBe(SITE_LOG_ERRORS.notAWriter);
        expect(rule?.status).toBe(403);
      }
    });
  });

  describe('an entry', () => {
    const today = calendarDate('2026-11-23');
    const entry = { workDate: calendarDate('2026-11-23'), weatherStop: false, weatherNote: '', photoCount: 0 };
    it('takes today and past days, never a day to come (in Paris)', () => {
      expect(siteLogEntryRefusal(entry, today)).toBeNull();
      expect(siteLogEntryRefusal({ ...entry, workDate: calendarDate('2026-01-05') }, today)).toBeNull();
      const future = siteLogEntryRefusal({ ...entry, workDate: calendarDate('2026-11-24') }, today);
      expect(future).toMatchObject({ code: SITE_LOG_ERRORS.futureDate, status: 400, params: { date: '2026-11-24' } });
      // 23:30 UTC on 23 November is already the 24th in Paris.
      expect(siteLogEntryRefusal({ ...entry, workDate: calendarDate('2026-11-24') }, todayInParis(new FixedClock('2026-11-23T23:30:00Z')))).toBeNull();
    });
    it('keeps a weather note for a weather stoppage', () => {
      expect(siteLogEntryRefusal({ ...entry, weatherStop: true, weatherNote: 'Gel, coulage reporté.' }, today)).toBeNull();
      expect(siteLogEntryRefusal({ ...entry, weatherNote: 'Pluie.' }, today)?.code).toBe(SITE_LOG_ERRORS.weatherNoteWithoutStop);
    });
    it('takes up to 10 photos', () => {
      expect(siteLogEntryRefusal({ ...entry, photoCount: SITE_LOG_LIMITS.photos }, today)).toBeNull();
      expect(siteLogEntryRefusal({ ...entry, photoCount: SITE_LOG_LIMITS.photos + 1 }, today)?.code).toBe(SITE_LOG_ERRORS.tooManyPhotos);
    });
  });

  describe('a correction', () => {
    it('corrects an entry of the same journal, once', () => {
      expect(siteLogCorrectionRefusal({ projectId: 4, number: 2, correctedByNumber: null }, 4)).toBeNull();
      expect(siteLogCorrectionRefusal({ projectId: 5, number: 2, correctedByNumber: null }, 4)?.code).toBe(SITE_LOG_ERRORS.correctionOtherProject);
      expect(siteLogCorrectionRefusal({ projectId: 4, number: 2, correctedByNumber: 3 }, 4)).toMatchObject({
        code: SITE_LOG_ERRORS.alreadyCorrected,
        status: 409,
        params: { number: 2, by: 3 },
      });
    });
  });

  describe('a photo', () => {
    it('is a JPEG, PNG or WebP of at most 10 MB', () => {
      expect(siteLogPhotoRefusal({ name: 'a.jpg', kind: 'jpeg', size: SITE_LOG_LIMITS.photoBytes })).toBeNull();
      expect(siteLogPhotoRefusal({ name: 'b.webp', kind: 'webp', size: 10 })).toBeNull();
      expect(siteLogPhotoRefusal({ name: 'c.pdf', kind: 'pdf', size: 10 })).toMatchObject({ code: SITE_LOG_ERRORS.photoType, status: 400 });
      expect(siteLogPhotoRefusal({ name: 'd.jpg', kind: undefined, size: 10 })?.code).toBe(SITE_LOG_ERRORS.photoType);
      expect(siteLogPhotoRefusal({ name: 'e.png', kind: 'png', size: SITE_LOG_LIMITS.photoBytes + 1 })?.code).toBe(SITE_LOG_ERRORS.photoTooLarge);
    });
    it('reads the EXIF capture date at its offset, else in Paris time', () => {
      expect(exifCaptureInstant('2026:11:20 09:30:00', '+01:00')?.toISOString()).toBe('2026-11-20T08:30:00.000Z');
      expect(exifCaptureInstant('2026:07:14 12:00:05')?.toISOString()).toBe('2026-07-14T10:00:05.000Z');
      expect(exifCaptureInstant('0000:00:00 00:00:00')).toBeNull();
      expect(exifCaptureInstant('2026:02:30 10:00:00')).toBeNull();
      expect(exifCaptureInstant('n’importe quoi')).toBeNull();
    });
  });
});
