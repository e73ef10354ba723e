import { exifCaptureInstant } from '@ouvrage/domain';

/**
 * What the journal keeps of a photo's EXIF (decision 1231) before sharp drops every metadata: the
 * capture date and the GPS position. sharp hands the raw block (`Exif\0\0` then a TIFF structure);
 * a small reader of its IFDs is enough, no new dependency. Anything unexpected reads as absent:
 * a broken position never costs the date, nor the photo.
 */

/** Decimal degrees, WGS 84, rounded to 6 places (about 10 cm). */
export interface GpsPosition {
  latitude: number;
  longitude: number;
}

export interface ExifFacts {
  takenAt: Date | null;
  position: GpsPosition | null;
}

const TAG = {
  exifIfd: 0x8769,
  gpsIfd: 0x8825,
  dateTime: 0x0132,
  dateTimeOriginal: 0x9003,
  offsetTime: 0x9010,
  offsetTimeOriginal: 0x9011,
  gpsLatitudeRef: 0x0001,
  gpsLatitude: 0x0002,
  gpsLongitudeRef: 0x0003,
  gpsLongitude: 0x0004,
} as const;

const TYPE = { ascii: 2, long: 4, rational: 5, srational: 10, ifd: 13 } as const;

/** One IFD: its short ASCII values, its (s)rational arrays and its sub-IFD pointers, by tag. */
interface Ifd {
  texts: Map<number, string>;
  rationals: Map<number, number[]>;
  pointers: Map<number, number>;
}

function tiffReader(exif: Buffer) {
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  const order = tiff.subarray(0, 2).toString('latin1');
  if (order !== 'II' && order !== 'MM') return null;
  const little = order === 'II';
  const u16 = (o: number) => (little ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (little ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const i32 = (o: number) => (little ? tiff.readInt32LE(o) : tiff.readInt32BE(o));
  const readIfd = (offset: number): Ifd => {
    const ifd: Ifd = { texts: new Map(), rationals: new Map(), pointers: new Map() };
    const entries = u16(offset);
    for (let i = 0; i < entries; i++) {
      const entry = offset + 2 + i * 12;
      const [tag, type, count] = [u16(entry), u16(entry + 2), u32(entry + 4)];
      if ((tag === TAG.exifIfd || tag === TAG.gpsIfd) && (type === TYPE.long || type === TYPE.ifd)) ifd.pointers.set(tag, u32(entry + 8));
      else if (type === TYPE.ascii && count <= 64) {
        const at = count <= 4 ? entry + 8 : u32(entry + 8);
        ifd.texts.set(
          tag,
          tiff
            .subarray(at, at + count)
            .toString('latin1')
            .replace(/\0+$/, ''),
        );
      } else if ((type === TYPE.rational || type === TYPE.srational) && count <= 4) {
        // 8 bytes each: always stored at an offset.
        const at = u32(entry + 8);
        const read = type === TYPE.rational ? u32 : i32;
        const values: number[] = [];
        for (let k = 0; k < count; k++) values.push(read(at + 8 * k) / read(at + 8 * k + 4));
        ifd.rationals.set(tag, values);
      }
    }
    return ifd;
  };
  return { ifd0: readIfd(u32(4)), readIfd };
}

/** The capture date: `DateTimeOriginal` (at `OffsetTimeOriginal` when written, else Paris time), else IFD0's `DateTime`. */
function captureDate(ifd0: Ifd, sub: Ifd | null): Date | null {
  const original = sub?.texts.get(TAG.dateTimeOriginal);
  if (original) return exifCaptureInstant(original, sub?.texts.get(TAG.offsetTimeOriginal));
  const changed = ifd0.texts.get(TAG.dateTime);
  return changed ? exifCaptureInstant(changed, sub?.texts.get(TAG.offsetTime)) : null;
}

/** Degrees, minutes, seconds and their hemisphere as signed decimal degrees; null when not a real coordinate. */
function coordinate(dms: number[] | undefined, ref: string | undefined, positive: string, negative: string, limit: number): number | null {
  if (!dms || dms.length !== 3 || (ref !== positive && ref !== negative)) return null;
  const [degrees, minutes, seconds] = dms;
  if (![degrees, minutes, seconds].every((v) => Number.isFinite(v) && v >= 0) || minutes >= 60 || seconds >= 60) return null;
  const value = degrees + minutes / 60 + seconds / 3600;
  if (value > limit) return null;
  return Math.round((ref === negative ? -value : value) * 1e6) / 1e6;
}

/** The GPS IFD's latitude and longitude; null without both, and for 0,0 (a receiver without a fix). */
function gpsPosition(gps: Ifd): GpsPosition | null {
  const latitude = coordinate(gps.rationals.get(TAG.gpsLatitude), gps.texts.get(TAG.gpsLatitudeRef)?.trim().toUpperCase(), 'N', 'S', 90);
  const longitude = coordinate(gps.rationals.get(TAG.gpsLongitude), gps.texts.get(TAG.gpsLongitudeRef)?.trim().toUpperCase(), 'E', 'W', 180);
  if (latitude === null || longitude === null || (latitude === 0 && longitude === 0)) return null;
  return { latitude, longitude };
}

/** The capture date and GPS position in sharp's raw EXIF block; each null when absent or unreadable. */
export function readExif(exif: Buffer | undefined): ExifFacts {
  const facts: ExifFacts = { takenAt: null, position: null };
  if (!exif) return facts;
  let reader: ReturnType<typeof tiffReader>;
  try {
    reader = tiffReader(exif);
  } catch {
    return facts;
  }
  if (!reader) return facts;
  const { ifd0, readIfd } = reader;
  const attempt = <T>(read: () => T): T | null => {
    try {
      return read();
    } catch {
      return null;
    }
  };
  const exifPointer = ifd0.pointers.get(TAG.exifIfd);
  const sub = exifPointer ? attempt(() => readIfd(exifPointer)) : null;
  facts.takenAt = attempt(() => captureDate(ifd0, sub));
  const gpsPointer = ifd0.pointers.get(TAG.gpsIfd);
  facts.position = gpsPointer ? attempt(() => gpsPosition(readIfd(gpsPointer))) : null;
  return facts;
}
