import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * PA credentials at rest (decision 1212): AES-256-GCM with the key of the configuration
 * (E_INVOICING_SECRET_KEY), a fresh 12-byte IV per value, stored as `v1:iv:tag:ciphertext` in
 * base64. A changed key or a tampered value does not decrypt: `open` answers null, never a guess.
 */
const VERSION = 'v1';

export function sealSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
}

export function openSecret(key: Buffer, sealed: string | null | undefined): string | null {
  if (!sealed) return null;
  const [version, iv, tag, body] = sealed.split(':');
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
