import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ES module script without types
import { mergeLocales } from '../../../../scripts/build-locales.mjs';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('translations', () => {
  const merged = mergeLocales() as Record<'fr' | 'en' | 'ar', Record<string, unknown>>;

  it('has the same keys in French, English and Arabic', () => {
    const fr = keys(merged.fr).sort();
    expect(keys(merged.en).sort()).toEqual(fr);
    expect(keys(merged.ar).sort()).toEqual(fr);
  });

  it('has no empty text, and Arabic texts are written in Arabic', () => {
    const flat = (obj: unknown, out: string[] = []): string[] => {
      if (typeof obj === 'string') out.push(obj);
      else if (obj && typeof obj === 'object') Object.values(obj).forEach((v) => flat(v, out));
      return out;
    };
    for (const lng of ['fr', 'en', 'ar'] as const) expect(flat(merged[lng]).filter((s) => s.trim() === '')).toEqual([]);
    const arabic = flat(merged.ar).filter((s) => /[\u0600-\u06FF]/.test(s));
    expect(arabic.length / flat(merged.ar).length).toBeGreaterThan(0.8);
  });

  it('writes French words with their accents where the menu had lost them (issue 36 §4)', () => {
    const texts = JSON.stringify(merged.fr);
    for (const unaccented of ['Deconnexion', 'deconnexion', 'Deconnecter', 'deconnecter']) expect(texts, unaccented).not.toContain(unaccented);
    expect(merged.fr).toMatchObject({ shell: { logout: 'Déconnexion' } });
  });
});
