import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readExif } from '../../src/modules/site-log/exif';

/**
 * The journal's EXIF reader (decision 1231) on JPEGs written by sharp as a phone would: the capture
 * date and the GPS position (degrees, minutes, seconds and hemisphere → signed decimal degrees),
 * each absent when the photo has none, and a broken block read as nothing rather than thrown.
 */

type Exif = Parameters<ReturnType<typeof sharp>['withExif']>[0];

async function exifOf(exif?: Exif): Promise<Buffer | undefined> {
  const image = sharp({ create: { width: 16, height: 12, channels: 3, background: '#a06030' } }).jpeg();
  const bytes = await (exif ? image.withExif(exif) : image).toBuffer();
  return (await sharp(bytes).metadata()).exif;
}

/** Écully, the demo's site: 45°46′30″ N, 4°46′12″ E. */
const ECULLY: Exif = {
  IFD0: { Make: 'Téléphone', Model: 'Chantier 3000' },
  IFD2: { DateTimeOriginal: '2026:11:20 09:30:00', OffsetTimeOriginal: '+01:00' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 46/1 3000/100', GPSLongitudeRef: 'E', GPSLongitude: '4/1 46/1 1200/100' },
};

describe('readExif', () => {
  it('reads the capture date and the GPS position of a phone’s JPEG', async () => {
    const facts = readExif(await exifOf(ECULLY));
    expect(facts.takenAt?.toISOString()).toBe('2026-11-20T08:30:00.000Z');
    expect(facts.position).toEqual({ latitude: 45.775, longitude: 4.77 });
  });

  it('signs the southern and western hemispheres', async () => {
    const facts = readExif(await exifOf({ IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '22/1 54/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '43/1 12/1 36/1' } }));
    expect(facts.position).toEqual({ latitude: -22.9, longitude: -43.21 });
    expect(facts.takenAt).toBeNull();
  });

  it('has no position without GPS, without a hemisphere, at 0,0 or out of range — and keeps the date', async () => {
    expect(readExif(await exifOf({ IFD2: { DateTimeOriginal: '2026:11:20 09:30:00' } })).position).toBeNull();
    const noRef = readExif(
      await exifOf({ IFD2: { DateTimeOriginal: '2026:11:20 09:30:00' }, IFD3: { GPSLatitude: '45/1 0/1 0/1', GPSLongitude: '4/1 0/1 0/1' } }),
    );
    expect(noRef.position).toBeNull();
    expect(noRef.takenAt).not.toBeNull();
    const zero = await exifOf({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '0/1 0/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '0/1 0/1 0/1' } });
    expect(readExif(zero).position).toBeNull();
    const outOfRange = await exifOf({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '95/1 0/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 0/1 0/1' } });
    expect(readExif(outOfRange).position).toBeNull();
  });

  it('reads nothing from no EXIF, a photo without EXIF, or a broken block', async () => {
    expect(readExif(undefined)).toEqual({ takenAt: null, position: null });
    expect(readExif(await exifOf())).toEqual({ takenAt: null, position: null });
    const broken = (await exifOf(ECULLY))!;
    expect(readExif(broken.subarray(0, 40))).toEqual({ takenAt: null, position: null });
    expect(readExif(Buffer.from('Exif\0\0XX garbage'))).toEqual({ takenAt: null, position: null });
  });
});
