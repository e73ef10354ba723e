import sharp from 'sharp';

/** The journal's multipart form as a phone sends it: text fields, then the photos in `photos`. */
export function multipart(fields: Record<string, string>, files: Array<{ filename: string; type: string; bytes: Buffer }>) {
  const boundary = '----ouvrage' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`));
    chunks.push(f.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A JPEG taken on the Écully site (45°46′30″ N, 4°46′12″ E) on 20 November 2026 at 9:30 Paris time. */
export function photoWithPosition(background = '#b07040', size = { width: 120, height: 90 }): Promise<Buffer> {
  return sharp({ create: { ...size, channels: 3, background } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Téléphone', Model: 'Chantier 3000' },
      IFD2: { DateTimeOriginal: '2026:11:20 09:30:00', OffsetTimeOriginal: '+01:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 46/1 3000/100', GPSLongitudeRef: 'E', GPSLongitude: '4/1 46/1 1200/100' },
    })
    .toBuffer();
}
