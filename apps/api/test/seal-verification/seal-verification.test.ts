import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { platformSealIdentity } from '../../src/modules/seal-verification';
import { loadOrCreateSealIdentity, sealPdf } from '../../src/modules/signature';
import { useTestApp } from '../helpers';
import { quotePdf, tempDataDir } from '../signature/fixtures';

/** The public verification page of sealed PDFs (decisions 0630–0634), through inject(), logged out. */
const ctx = useTestApp();
const signingTime = new Date('2026-11-23T13:02:00Z');
const sealOptions = { reason: 'Devis signé par Marie Dupont', location: 'Ouvrage — plateforme en ligne', name: 'Cachet Ouvrage', signingTime };
let original: Buffer;
let sealed: Buffer;
let sealedByOther: Buffer;

beforeAll(async () => {
  original = await quotePdf(5);
  sealed = await sealPdf(original, await platformSealIdentity(ctx.app.deps), sealOptions);
  const other = await loadOrCreateSealIdentity({ dataDir: tempDataDir(), keyBits: 2048 });
  sealedByOther = await sealPdf(original, other, sealOptions);
}, 60_000);

function multipart(bytes: Buffer, filename = 'devis.pdf', type = 'application/pdf') {
  const boundary = '----ouvrage-verification';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const verify = (bytes: Buffer, filename?: string) => ctx.app.inject({ method: 'POST', url: '/api/verification-signature', ...multipart(bytes, filename) });

describe('POST /api/verification-signature', () => {
  it('loads the platform identity once per app and keeps it under the data directory', async () => {
    expect(platformSealIdentity(ctx.app.deps)).toBe(platformSealIdentity(ctx.app.deps));
    expect(existsSync(join(ctx.dataDir, 'seal', 'platform-seal.p12'))).toBe(true);
  });

  it('reports a PDF sealed by the platform and unchanged, logged out, in green words', async () => {
    const res = await verify(sealed);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      verdict: 'sealed',
      sealed_by_platform: true,
      unchanged: true,
      covers_whole_file: true,
      signed_at: '2026-11-23T13:02:00.000Z',
      certificate_name: 'Ouvrage — cachet de la plateforme',
      reason: 'Devis signé par Marie Dupont',
      location: 'Ouvrage — plateforme en ligne',
    });
    expect(data.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(data.message).toBe('Ce document a été scellé par Ouvrage le 23/11/2026 à 14:02 et n’a pas été modifié depuis.');
  });

  it('reports one byte changed in the signed range as modified after sealing', async () => {
    const copy = Buffer.from(sealed);
    const at = copy.indexOf('\n', 5) + 2;
    copy[at] = copy[at] ^ 0x01;
    const data = (await verify(copy)).json().data;
    expect(data).toMatchObject({ verdict: 'modified', sealed_by_platform: true, unchanged: false });
    expect(data.message).toBe('Ce document a été scellé par Ouvrage le 23/11/2026 à 14:02 mais a été modifié après son scellement.');
  });

  it('reports bytes appended after the seal as modified', async () => {
    const data = (await verify(Buffer.concat([sealed, Buffer.from('\n% ajout\n')]))).json().data;
    expect(data).toMatchObject({ verdict: 'modified', covers_whole_file: false, unchanged: false });
  });

  it('reports a PDF sealed by another certificate, and an unsealed one, as not ours', async () => {
    for (const pdf of [sealedByOther, original]) {
      const data = (await verify(pdf)).json().data;
      expect(data).toMatchObject({
        verdict: 'not-ours',
        sealed_by_platform: false,
        unchanged: false,
        message: 'Ce document ne porte pas le cachet d’Ouvrage.',
      });
    }
  });

  it('refuses what is not a PDF with 415, an empty file with 400, never 500', async () => {
    for (const bytes of [randomBytes(4096), Buffer.from('Bonjour, ceci est un texte.')]) {
      const res = await verify(bytes, 'x.pdf');
      expect(res.statusCode).toBe(415);
      expect(res.json().error.message).toBe('Ce fichier n’est pas un PDF.');
    }
    expect((await verify(Buffer.alloc(0))).statusCode).toBe(400);
    const json = await ctx.app.inject({ method: 'POST', url: '/api/verification-signature', payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('answers 200 for damaged PDFs: a truncated sealed file, a header followed by garbage, a fake signature', async () => {
    const fake = Buffer.from('%PDF-1.7\n1 0 obj << /ByteRange [0 10 20 5] /Contents <3082zz> >> endobj\n');
    for (const bytes of [sealed.subarray(0, sealed.length - 4000), Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(5000)]), fake]) {
      const res = await verify(bytes);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.unchanged).toBe(false);
    }
  });

  it('refuses a file over 20 MB with 413', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(20 * 1024 * 1024)]);
    const res = await verify(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('Le fichier dépasse 20 Mo.');
  });
});
