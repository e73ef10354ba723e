// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../testing/render';
import { notificationText } from './notification-text';

/** A réception's PV is named by its kind and its quote's label in the reader's language (issue 36 §4). */
describe('a document named by its kind', () => {
  const signed = { kind: 'document_signed', params: { title_kind: 'reception', label: 'D-2026-0004 v2', name: 'Carole Petit' } } as const;
  it('reads in French, English and Arabic, with no French left outside French', () => {
    expect(notificationText(createTestI18n('fr').t, signed).title).toContain('Procès-verbal de réception — devis');
    const en = notificationText(createTestI18n('en').t, signed);
    const ar = notificationText(createTestI18n('ar').t, signed);
    expect(en.title).toContain('Acceptance report — quote');
    expect(ar.title).toMatch(/محضر الاستلام/);
    for (const text of [en.title, en.body, ar.title, ar.body]) {
      expect(text).toContain('D-2026-0004 v2');
      expect(text).not.toMatch(/Procès-verbal|devis|PV de/);
    }
  });
});
