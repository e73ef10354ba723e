// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../testing/render';
import { invoiceName } from './invoice-name';

/** An invoice named in the reader's language from the parts the API sends (decision 1206). */
describe('invoiceName', () => {
  const situation = { kind: 'situation', situation_index: 2, quote_label: 'D-2026-0007' } as const;
  it('names a situation by its rank in each language, without the French « n° » outside French', () => {
    expect(invoiceName(createTestI18n('fr').t, situation)).toBe('Situation de travaux n° \u20662\u2069 — devis \u2066D-2026-0007\u2069');
    const en = invoiceName(createTestI18n('en').t, situation);
    expect(en).toContain('no. \u20662\u2069');
    const ar = invoiceName(createTestI18n('ar').t, situation);
    expect(ar).toMatch(/[\u0600-\u06ff]/);
    for (const text of [en, ar]) expect(text).not.toMatch(/n°|Situation|devis/);
  });
  it('names a deposit invoice by its kind', () => {
    expect(invoiceName(createTestI18n('en').t, { kind: 'acompte', situation_index: null, quote_label: 'D-1' })).not.toMatch(/acompte/i);
  });
});
