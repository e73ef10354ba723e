import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { appendAuditPage, loadOrCreateSealIdentity, type SealIdentity, sealPdf, verifySealedPdf } from '../../src/modules/signature';
import { certificatePdf } from '../pdf/pdf-text';
import { auditOf, quotePdf, tempDataDir } from './fixtures';
import { pdfsig } from './pdfsig';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const signingTime = new Date('2026-11-24T07:31:05Z');
/** signing-certificate-v2 (RFC 5035, 1.2.840.113549.1.9.16.2.47) as DER: the attribute PAdES requires. */
const SIGNING_CERTIFICATE_V2 = Buffer.from('060b2a864886f70d010910022f', 'hex');

let identity: SealIdentity;
let original: Buffer;
let withAudit: Buffer;
let sealed: Buffer;

beforeAll(async () => {
  identity = await loadOrCreateSealIdentity({ dataDir: tempDataDir(), keyBits: 2048 });
  original = await quotePdf();
  withAudit = await appendAuditPage(original, auditOf(sha256(original)));
  sealed = await sealPdf(withAudit, identity, {
    reason: 'Devis signé par Marie Dupont et Karim Benali',
    location: 'Ouvrage — plateforme en ligne',
    name: 'Cachet Ouvrage',
    signingTime,
  });
}, 60_000);

/** The sealed file with one byte changed inside the signed range (the binary comment of the header). */
function tampered(pdf: Buffer): Buffer {
  const copy = Buffer.from(pdf);
  const at = copy.indexOf('\n', 5) + 2;
  copy[at] = copy[at] ^ 0x01;
  return copy;
}

describe('platform seal (PAdES)', () => {
  it('is valid for Debian’s pdfsig and covers the whole document', () => {
    const out = pdfsig(sealed);
    expect(out).toContain('Signature is Valid');
    expect(out).toContain('Total document signed');
    expect(out).toContain('Signature Type: ETSI.CAdES.detached');
    expect(out).toContain('Signing Hash Algorithm: SHA-256');
    expect(out).toContain('Signer Certificate Common Name: Ouvrage — cachet de la plateforme');
    expect(out.match(/Signature #\d+/g)).toEqual(['Signature #1']);
  });

  it('is an incremental update: the document before sealing is a prefix of the sealed file', () => {
    expect(sealed.length).toBeGreaterThan(withAudit.length);
    expect(sealed.subarray(0, withAudit.length).equals(withAudit)).toBe(true);
    expect(sealed.subarray(0, original.length).equals(original)).toBe(true);
  });

  it('carries the signing-certificate-v2 attribute in its CMS', () => {
    const hex = /\/Contents\s*<([0-9a-fA-F]+)>/.exec(sealed.subarray(withAudit.length).toString('latin1'));
    expect(hex).not.toBeNull();
    expect(Buffer.from(hex?.[1] ?? '', 'hex').includes(SIGNING_CERTIFICATE_V2)).toBe(true);
  });

  it('is recognised by verifySealedPdf: our certificate, intact, its time and reason', () => {
    const result = verifySealedPdf(sealed, identity.fingerprint);
    expect(result).toMatchObject({
      sha256: sha256(sealed),
      signed: true,
      sealedByPlatform: true,
      intact: true,
      coversWholeFile: true,
      certificateFingerprint: identity.fingerprint,
      certificateName: 'Ouvrage — cachet de la plateforme',
      reason: 'Devis signé par Marie Dupont et Karim Benali',
      location: 'Ouvrage — plateforme en ligne',
    });
    expect(result.signingTime?.toISOString()).toBe(signingTime.toISOString());
  });

  it('detects one byte changed after sealing, as pdfsig does', () => {
    const changed = tampered(sealed);
    const out = pdfsig(changed);
    expect(out).toContain('Signature #1');
    expect(out).not.toContain('Signature is Valid');
    const result = verifySealedPdf(changed, identity.fingerprint);
    expect(result).toMatchObject({ signed: true, sealedByPlatform: true, intact: false });
    expect(result.sha256).not.toBe(sha256(sealed));
  });

  it('detects a CMS signature value changed (the digest still matches), as pdfsig does', () => {
    const copy = Buffer.from(sealed);
    const start = copy.indexOf('<', copy.lastIndexOf('/Contents')) + 1;
    const der = Buffer.from(copy.subarray(start, start + 8).toString('latin1'), 'hex');
    expect(der[0]).toBe(0x30);
    // Long-form length on 2 bytes (0x82): the CMS ends at 4 + length; its last bytes are the RSA signature.
    const end = 4 + der.readUInt16BE(2);
    const at = start + 2 * (end - 5);
    copy[at] = copy[at] === 0x30 ? 0x31 : 0x30;
    expect(pdfsig(copy)).not.toContain('Signature is Valid');
    expect(verifySealedPdf(copy, identity.fingerprint)).toMatchObject({ signed: true, sealedByPlatform: true, intact: false });
  });

  it('tells a seal by another certificate, and bytes appended after the seal', async () => {
    const other = await loadOrCreateSealIdentity({ dataDir: tempDataDir(), keyBits: 2048 });
    expect(verifySealedPdf(sealed, other.fingerprint)).toMatchObject({ signed: true, sealedByPlatform: false, intact: true });
    const appended = Buffer.concat([sealed, Buffer.from('\n% ajout après le cachet\n')]);
    expect(verifySealedPdf(appended, identity.fingerprint)).toMatchObject({ intact: true, coversWholeFile: false });
    expect(pdfsig(appended)).not.toContain('Total document signed');
  });

  it('reads back a reason in any script (UTF-16 in the PDF)', async () => {
    const reason = 'Devis signé par كريم بن علي et Zoë Œuvray';
    const other = await sealPdf(withAudit, identity, { reason, location: 'Ouvrage', name: 'Cachet Ouvrage' });
    expect(verifySealedPdf(other, identity.fingerprint)).toMatchObject({ reason, location: 'Ouvrage', intact: true });
  });

  it('reports a truncated sealed file as sealed but changed', () => {
    const cut = sealed.subarray(0, sealed.length - 40);
    expect(verifySealedPdf(cut, identity.fingerprint)).toMatchObject({ signed: true, sealedByPlatform: true, intact: false, coversWholeFile: false });
  });

  it('never throws on any upload: random bytes, or the sealed file with random bytes overwritten', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        expect(verifySealedPdf(Buffer.from(bytes), identity.fingerprint).intact).toBe(false);
      }),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat({ max: sealed.length - 1 }), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }), (edits) => {
        const copy = Buffer.from(sealed);
        for (const [at, value] of edits) copy[at] = value;
        const result = verifySealedPdf(copy, identity.fingerprint);
        // Unchanged bytes (an edit that writes the same value) may stay intact; any real change may not.
        if (!copy.equals(sealed) && result.intact) {
          // Only bytes outside the signed ranges — the hex padding of /Contents — can change without breaking the seal.
          const signature = /\/ByteRange\s*\[\s*0\s+(\d+)\s+(\d+)/.exec(copy.subarray(withAudit.length).toString('latin1'));
          const [b, c] = [Number(signature?.[1]), Number(signature?.[2])];
          for (const [at, value] of edits) if (sealed[at] !== value) expect(at >= b && at < c).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('finds no seal in an unsigned PDF', async () => {
    const plain = await certificatePdf(['Sans cachet']);
    expect(verifySealedPdf(plain, identity.fingerprint)).toMatchObject({ sha256: sha256(plain), signed: false, sealedByPlatform: false, intact: false });
  });
});
