import { describe, expect, it } from 'vitest';
import { hashSignCode, newCodeSalt, newSignCode, signCodeMatches } from '../../src/modules/signature/code-crypto';

describe('sign code hashing', () => {
  it('draws six-digit codes', () => {
    const codes = Array.from({ length: 200 }, newSignCode);
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });

  it('matches only the right code with its own salt', () => {
    const salt = newCodeSalt();
    const hash = hashSignCode('123456', salt);
    expect(hash).not.toContain('123456');
    expect(signCodeMatches('123456', salt, hash)).toBe(true);
    expect(signCodeMatches('123457', salt, hash)).toBe(false);
    expect(signCodeMatches('123456', newCodeSalt(), hash)).toBe(false);
    expect(signCodeMatches('123456', salt, 'abc')).toBe(false);
  });

  it('salts each code: the same code hashes differently', () => {
    expect(hashSignCode('000000', newCodeSalt())).not.toBe(hashSignCode('000000', newCodeSalt()));
  });
});
