import { describe, expect, it } from 'vitest';
import { isRtl, looksLikeScriptInjection, sanitizeLanguageCode } from '../src';

describe('language codes (spec §5)', () => {
  it('keeps supported codes and their regional variants', () => {
    expect(sanitizeLanguageCode('fr')).toBe('fr');
    expect(sanitizeLanguageCode('fr-FR')).toBe('fr');
    expect(sanitizeLanguageCode('en_GB')).toBe('en');
    expect(sanitizeLanguageCode('AR')).toBe('ar');
  });

  it('discards unsupported codes and anything that looks like script injection', () => {
    for (const bad of [
      '<script>alert(1)</script>',
      'fr<script>',
      'javascript:alert(1)',
      'en" onerror="x',
      'eval(1)',
      'document.cookie',
      'document.write',
      'window.location',
      'innerHTML',
      'data:text/html',
      'de',
      '',
      'x'.repeat(50),
    ]) {
      expect(sanitizeLanguageCode(bad), bad).toBeUndefined();
    }
    expect(sanitizeLanguageCode(42)).toBeUndefined();
    expect(looksLikeScriptInjection('fr')).toBe(false);
  });

  it('knows Arabic is right to left', () => {
    expect(isRtl('ar')).toBe(true);
    expect(isRtl('fr')).toBe(false);
  });
});
