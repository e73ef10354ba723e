import { inflateSync } from 'node:zlib';
import { SIGNATURE_IMAGE_MAX_BYTES, SIGNATURE_IMAGE_MAX_HEIGHT, SIGNATURE_IMAGE_MAX_WIDTH, SIGNATURE_MIN_INK_PIXELS } from '@ouvrage/domain';
import { AppError } from '../../lib/errors';

/**
 * The signer's drawn or typed signature (decision 0644): a PNG data URL as a canvas exports it.
 * Checked here, not trusted: a real PNG (signature, IHDR, IDAT decoded), within the size limits,
 * and not blank — enough inked pixels (opaque and darker than light grey) once decoded.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Channels per pixel for 8-bit colour types: greyscale, RGB, greyscale + alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

const invalid = (message: string) => new AppError('SIGN_IMAGE_INVALID', message, { image: message }, {}, 400);
export const blankSignature = () => new AppError('SIGN_IMAGE_BLANK', 'La signature est vide : dessinez ou saisissez votre signature.', undefined, {}, 400);
export const imageTooLarge = () =>
  new AppError(
    'SIGN_IMAGE_TOO_LARGE',
    `L’image de la signature dépasse ${SIGNATURE_IMAGE_MAX_BYTES / 1024} Ko.`,
    undefined,
    { max_kb: SIGNATURE_IMAGE_MAX_BYTES / 1024 },
    413,
  );

export interface SignatureImage {
  png: Buffer;
  width: number;
  height: number;
}

export function parseSignatureImage(dataUrl: string): SignatureImage {
  const base64 = dataUrl.replace(/^data:image\/png;base64,/, '');
  const png = Buffer.from(base64, 'base64');
  if (png.length > SIGNATURE_IMAGE_MAX_BYTES) throw imageTooLarge();
  if (png.length < 60 || !png.subarray(0, 8).equals(PNG_SIGNATURE)) throw invalid('La signature doit être une image PNG.');

  let offset = 8;
  let header: { width: number; height: number; depth: number; type: number; interlace: number } | null = null;
  const data: Buffer[] = [];
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (body.length !== length) throw invalid('L’image PNG est tronquée.');
    if (type === 'IHDR') header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8], type: body[9], interlace: body[12] };
    else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  if (!header || data.length === 0) throw invalid('L’image PNG est incomplète.');
  const { width, height } = header;
  if (width < 1 || height < 1 || width > SIGNATURE_IMAGE_MAX_WIDTH || height > SIGNATURE_IMAGE_MAX_HEIGHT) {
    throw invalid(`La signature doit mesurer au plus ${SIGNATURE_IMAGE_MAX_WIDTH} × ${SIGNATURE_IMAGE_MAX_HEIGHT} pixels.`);
  }
  const channels = CHANNELS[header.type];
  if (header.depth !== 8 || !channels || header.interlace !== 0) throw invalid('Format PNG non pris en charge (8 bits, non entrelacé).');

  let raw: Buffer;
  try {
    // The inflated size is known in advance; a larger stream is refused, not expanded.
    raw = inflateSync(Buffer.concat(data), { maxOutputLength: height * (width * channels + 1) });
  } catch {
    throw invalid('L’image PNG est illisible.');
  }
  if (raw.length !== height * (width * channels + 1)) throw invalid('L’image PNG est illisible.');
  if (inkedPixels(raw, width, height, channels) < SIGNATURE_MIN_INK_PIXELS) throw blankSignature();
  return { png, width, height };
}

/** Undo the PNG row filters (RFC 2083 §6) and count the pixels a reader sees as ink. */
function inkedPixels(raw: Buffer, width: number, height: number, channels: number): number {
  const stride = width * channels;
  let previous = Buffer.alloc(stride);
  let inked = 0;
  for (let y = 0; y < height; y += 1) {
    const start = y * (stride + 1);
    const filter = raw[start];
    const row = Buffer.from(raw.subarray(start + 1, start + 1 + stride));
    for (let i = 0; i < stride; i += 1) {
      const left = i >= channels ? row[i - channels] : 0;
      const up = previous[i];
      const upLeft = i >= channels ? previous[i - channels] : 0;
      if (filter === 1) row[i] = (row[i] + left) & 0xff;
      else if (filter === 2) row[i] = (row[i] + up) & 0xff;
      else if (filter === 3) row[i] = (row[i] + ((left + up) >> 1)) & 0xff;
      else if (filter === 4) row[i] = (row[i] + paeth(left, up, upLeft)) & 0xff;
      else if (filter !== 0) throw invalid('L’image PNG est illisible.');
    }
    for (let x = 0; x < width; x += 1) {
      const p = x * channels;
      const alpha = channels === 4 ? row[p + 3] : channels === 2 ? row[p + 1] : 255;
      const grey = channels >= 3 ? (row[p] * 299 + row[p + 1] * 587 + row[p + 2] * 114) / 1000 : row[p];
      if (alpha > 64 && grey < 200) inked += 1;
    }
    previous = row;
  }
  return inked;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}
