import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { formatSignCode, SIGN_CODE_LENGTH } from '@ouvrage/domain';

/**
 * The signer's code (decision 0621): drawn uniformly by the system's CSPRNG; only an HMAC-SHA256
 * keyed by a random per-code salt is stored, compared in constant time.
 */

export const newSignCode = (): string => formatSignCode(randomInt(0, 10 ** SIGN_CODE_LENGTH));

export const newCodeSalt = (): string => randomBytes(16).toString('base64url');

export const hashSignCode = (code: string, salt: string): string => createHmac('sha256', salt).update(code, 'utf8').digest('base64url');

/** Whether `code` is the one whose hash is stored; same work whatever the input. */
export function signCodeMatches(code: string, salt: string, storedHash: string): boolean {
  const given = Buffer.from(hashSignCode(code, salt), 'base64url');
  const stored = Buffer.from(storedHash, 'base64url');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
