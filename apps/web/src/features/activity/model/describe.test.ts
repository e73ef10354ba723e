import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_KINDS, type ActivityEntry, type ActivityKind } from '@ouvrage/contracts';
// @ts-expect-error plain ES module script without types
import { mergeLocales } from '../../../../../../scripts/build-locales.mjs';
import { describeEntry, familyOf } from './describe';

const entry = (kind: ActivityKind, params: ActivityEntry['params'] = {}): ActivityEntry => ({
  id: kind,
  kind,
  at: '2026-11-23T10:00:00.000Z',
  who: null,
  params,
  link: null,
});
const ALL_PARAMS = {
  number: 'F-2026-0001',
  version: 2,
  amount_cents: 105_000,
  from: 'En attente',
  to: 'Validé',
  variant: 'acompte',
  ref: 'F-2026-0001',
  party: 'Alice Archi',
  date: '2026-11-20',
  title: 'Séjour',
  text: 'Accès ?',
};

beforeAll(async () => {
  await i18next.init({
    lng: 'fr',
    // The real merged translations: the projects feature's states are part of the sentences.
    resources: Object.fromEntries(Object.entries(mergeLocales() as Record<string, object>).map(([l, t]) => [l, { translation: t }])),
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
});

describe('timeline sentences', () => {
  it('every kind has its sentence and its link words in French, English and Arabic, every placeholder filled', async () => {
    for (const lng of ['fr', 'en', 'ar']) {
      await i18next.changeLanguage(lng);
      for (const kind of ACTIVITY_KINDS) {
        const text = describeEntry(i18next.t, entry(kind, ALL_PARAMS));
        expect(text, `${lng} ${kind}`).not.toMatch(/\{\{|activity\.kinds/);
        expect(i18next.exists(`activity.links.${familyOf(kind)}`), `${lng} ${kind}`).toBe(true);
      }
    }
  });

  it('words an invoice, a state change and a quote version in French, isolating numbers and amounts', async () => {
    await i18next.changeLanguage('fr');
    const plain = (s: string) => s.replace(/[\u2066-\u2069]/g, '');
    expect(plain(describeEntry(i18next.t, entry('invoice.issued', { number: 'F-2026-0001', variant: 'acompte', amount_cents: 105_000 })))).toMatch(
      /^Facture F-2026-0001 émise \(acompte\) : 1\s050,00\s€ TTC$/,
    );
    expect(describeEntry(i18next.t, entry('invoice.issued', { number: 'F-2026-0001', amount_cents: 1 }))).toContain('\u2066F-2026-0001\u2069');
    expect(describeEntry(i18next.t, entry('project.state', { from: 'En attente', to: 'Validé' }))).toBe('État du projet passé de « En attente » à « Validé »');
    expect(plain(describeEntry(i18next.t, entry('quote.sent', { number: 'D-2026-0004', version: 2, amount_cents: 350_000 })))).toMatch(
      /^Devis D-2026-0004 v2 envoyé : 3\s500,00\s€ TTC$/,
    );
    expect(describeEntry(i18next.t, entry('tender.sent', {}))).toBe('Appel d’offre envoyé à un professionnel');
  });

  it('words the same in Arabic with the project’s states translated', async () => {
    await i18next.changeLanguage('ar');
    const text = describeEntry(i18next.t, entry('project.state', { from: 'En attente', to: 'Validé' }));
    expect(text).toContain('تغيّرت حالة المشروع');
    expect(text).not.toContain('En attente');
  });
});
