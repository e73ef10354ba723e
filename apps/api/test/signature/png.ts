import { crc32, deflateSync } from 'node:zlib';

/**
 * A PNG (8-bit RGBA) as a canvas exports it, for the signature tests: transparent, with a dark
 * stroke unless `blank`. `noise` fills every pixel with random opaque dark colour (a heavy file).
 */
export function signaturePng(options: { width?: number; height?: number; blank?: boolean; noise?: boolean } = {}): Buffer {
  const width = options.width ?? 300;
  const height = options.height ?? 100;
  const raw = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const p = y * (width * 4 + 1) + 1 + x * 4;
      const onStroke = !options.blank && Math.abs(y - Math.round((x * height) / width)) < 3;
      if (options.noise) {
        raw[p] = Math.floor(Math.random() * 120);
        raw[p + 1] = Math.floor(Math.random() * 120);
        raw[p + 2] = Math.floor(Math.random() * 120);
        raw[p + 3] = 255;
      } else if (onStroke) {
        raw[p] = 20;
        raw[p + 1] = 30;
        raw[p + 2] = 90;
        raw[p + 3] = 255;
      }
    }
  }
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), body])) >>> 0, 0);
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
