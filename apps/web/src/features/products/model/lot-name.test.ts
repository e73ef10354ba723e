// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { PRODUCT_LOTS } from '@ouvrage/domain';
import { createTestI18n } from '../../../testing/render';
import { lotName } from './lot-name';

/** Every lot named in each language (decision 1206): « Plomberie » is "Plumbing" and « السباكة », never French outside French. */
describe('lotName', () => {
  it('names every lot in French as stored, and in English and Arabic in their words', () => {
    const [fr, en, ar] = (['fr', 'en', 'ar'] as const).map((l) => createTestI18n(l).t);
    for (const lot of PRODUCT_LOTS) {
      expect(lotName(fr, lot)).toBe(lot);
      expect(lotName(en, lot)).not.toBe(lot);
      expect(lotName(ar, lot)).toMatch(/^[\u0600-\u06ff ]+$/);
    }
    expect(lotName(en, 'Plomberie')).toBe('Plumbing');
    expect(lotName(en, 'Plâtrerie')).toBe('Plastering');
    expect(lotName(en, 'Lot inconnu')).toBe('Lot inconnu');
  });
});
