// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../testing/render';
import { documentTitle } from './document-title';

/** A signature document named in the reader's language (issue 36 §4). */
describe('documentTitle', () => {
  it('keeps a typed title as it was typed (a contract)', () => {
    const t = createTestI18n('ar').t;
    expect(documentTitle(t, { kind: 'contract', title: 'Contrat de maîtrise d’œuvre', subject_label: null })).toBe('Contrat de maîtrise d’œuvre');
    expect(documentTitle(t, { kind: 'reception', title: 'Procès-verbal de réception — devis D-1', subject_label: 'D-1' })).toMatch(/^محضر الاستلام/);
  });
});
