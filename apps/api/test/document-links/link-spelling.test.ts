import { describe, expect, it } from 'vitest';
import { checkLink, checkRecordLink, signLink, signRecordLink } from '../../src/modules/document-links/link-token';

/**
 * A signed link has one spelling: its signature's last base64url character carries two unused
 * bits, and each of the three other characters that decode to the same bytes is refused.
 */
const secret = new TextEncoder().encode('a-test-secret-of-at-least-32-characters!!');
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const exp = Math.floor(Date.parse('2030-01-01T00:00:00Z') / 1000);
const now = Date.parse('2026-11-26T10:00:00Z');

/** The same token with its last character replaced by each other one of the same upper four bits. */
function sameBytesSpellings(token: string): string[] {
  const last = alphabet.indexOf(token.at(-1)!);
  return [0, 1, 2, 3]
    .map((low) => (last & ~3) | low)
    .filter((i) => i !== last)
    .map((i) => `${token.slice(0, -1)}${alphabet[i]}`);
}

describe('one spelling per signed link', () => {
  it('refuses a viewer link whose last character differs only by unused bits', () => {
    for (let id = 1; id <= 20; id++) {
      const token = signLink(secret, { kind: 'quote-pdf', id, exp });
      expect(checkLink(secret, token, now).ok).toBe(true);
      for (const other of sameBytesSpellings(token)) {
        expect(Buffer.from(other.split('.')[3], 'base64url')).toEqual(Buffer.from(token.split('.')[3], 'base64url'));
        expect(checkLink(secret, other, now)).toEqual({ ok: false, reason: 'invalid' });
      }
    }
  });

  it('refuses such a pay link too', () => {
    const options = { purpose: 'ouvrage/pay-link/v1', kinds: ['invoice'] };
    const token = signRecordLink(secret, options, { kind: 'invoice', id: 7, exp });
    expect(checkRecordLink(secret, options, token, now).ok).toBe(true);
    for (const other of sameBytesSpellings(token)) expect(checkRecordLink(secret, options, other, now)).toEqual({ ok: false, reason: 'invalid' });
  });
});
