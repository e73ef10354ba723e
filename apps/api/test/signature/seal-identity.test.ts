import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { loadOrCreateSealIdentity, PLATFORM_SEAL_NAME, SealIdentityError } from '../../src/modules/signature';
import { tempDataDir } from './fixtures';

const certificateOf = (der: Buffer) => forge.pki.certificateFromAsn1(forge.asn1.fromDer(der.toString('binary')));

/** An operator's own PKCS#12, encrypted the modern way (PBES2, AES-256), with another name. */
function operatorP12(password: string): Buffer {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '0a1b2c';
  cert.validity.notBefore = new Date('2026-01-01T00:00:00Z');
  cert.validity.notAfter = new Date('2028-01-01T00:00:00Z');
  const subject = [{ shortName: 'CN', value: 'Cachet SARL Exemple' }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], password, { algorithm: 'aes256' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

describe('platform seal identity', () => {
  it('is generated once at first start (PKCS#12, mode 0600) and reused afterwards', async () => {
    const dataDir = tempDataDir();
    const first = await loadOrCreateSealIdentity({ dataDir, keyBits: 2048 });
    expect(first.generated).toBe(true);
    expect(first.p12Path).toBe(join(dataDir, 'seal', 'platform-seal.p12'));
    expect(statSync(first.p12Path).mode & 0o777).toBe(0o600);
    const second = await loadOrCreateSealIdentity({ dataDir, keyBits: 2048 });
    expect(second.fingerprint).toBe(first.fingerprint);
    expect(second.certificateDer.equals(first.certificateDer)).toBe(true);
    expect(first.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is a self-signed « Ouvrage — cachet de la plateforme » certificate for signatures, valid 10 years', async () => {
    const before = Date.now();
    const identity = await loadOrCreateSealIdentity({ dataDir: tempDataDir(), keyBits: 2048 });
    expect(identity.commonName).toBe(PLATFORM_SEAL_NAME);
    const cert = certificateOf(identity.certificateDer);
    expect(cert.verify(cert)).toBe(true);
    const usage = cert.getExtension('keyUsage') as { digitalSignature: boolean; nonRepudiation: boolean; keyCertSign?: boolean };
    expect(usage).toMatchObject({ digitalSignature: true, nonRepudiation: true });
    expect(usage.keyCertSign).toBeFalsy();
    const years = (cert.validity.notAfter.getTime() - before) / (365.25 * 86_400_000);
    expect(years).toBeGreaterThan(9.9);
    expect(years).toBeLessThan(10.1);
    expect(cert.validity.notBefore.getTime()).toBeLessThanOrEqual(before);
    expect((cert.publicKey as forge.pki.rsa.PublicKey).n.bitLength()).toBe(2048);
  });

  it('protects the generated PKCS#12 with SEAL_P12_PASSWORD when set, and refuses another password later', async () => {
    const dataDir = tempDataDir();
    const first = await loadOrCreateSealIdentity({ dataDir, p12Password: 'sésame', keyBits: 2048 });
    expect((await loadOrCreateSealIdentity({ dataDir, p12Password: 'sésame' })).fingerprint).toBe(first.fingerprint);
    await expect(loadOrCreateSealIdentity({ dataDir, p12Password: 'autre' })).rejects.toThrow(/mot de passe incorrect/);
  });

  it('uses the operator’s PKCS#12 when one is configured', async () => {
    const dataDir = tempDataDir();
    const p12Path = join(dataDir, 'operateur.p12');
    writeFileSync(p12Path, operatorP12('s3cret'));
    const identity = await loadOrCreateSealIdentity({ dataDir, p12Path, p12Password: 's3cret' });
    expect(identity.generated).toBe(false);
    expect(identity.commonName).toBe('Cachet SARL Exemple');
    expect(() => statSync(join(dataDir, 'seal', 'platform-seal.p12'))).toThrow();
  });

  it('fails clearly at start-up on a wrong password or an unreadable file', async () => {
    const dataDir = tempDataDir();
    const p12Path = join(dataDir, 'operateur.p12');
    writeFileSync(p12Path, operatorP12('s3cret'));
    const wrong = loadOrCreateSealIdentity({ dataDir, p12Path, p12Password: 'faux' });
    await expect(wrong).rejects.toBeInstanceOf(SealIdentityError);
    await expect(wrong).rejects.toThrow(`Impossible d’ouvrir le certificat de cachet ${p12Path} : mot de passe incorrect`);
    await expect(loadOrCreateSealIdentity({ dataDir, p12Path: join(dataDir, 'absent.p12') })).rejects.toThrow(/illisible/);
    writeFileSync(join(dataDir, 'pas-un.p12'), 'bonjour');
    await expect(loadOrCreateSealIdentity({ dataDir, p12Path: join(dataDir, 'pas-un.p12'), p12Password: 'x' })).rejects.toBeInstanceOf(SealIdentityError);
  });
});
