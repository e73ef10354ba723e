import type { QuoteDetail } from '@ouvrage/contracts';
import { CLIENT_TYPES, formatEuros, formatPercent, MENTIONS, QUOTE_KINDS, requiredMentions, type ClientType, type QuoteKindName } from '@ouvrage/domain';
import { describe, expect, it } from 'vitest';
import { renderQuotePdf } from '../../src/modules/pdf';
import { quoteMentionFacts } from '../../src/modules/pdf/quote-mentions';
import { buildQuote, type LineSpec } from './quote-fixture';
import { normalise, pdfPages, pdfText } from './pdf-text';

/**
 * Every combination of client type × quote kind × the facts that change the mentions, rendered by
 * the real renderer: the extracted text carries every marker the domain's mentions table asks for
 * (decision 1040), and none of the client- or kind-specific ones it does not ask for.
 */
const generatedAt = new Date('2026-11-23T10:00:00Z');
const render = (quote: QuoteDetail) => renderQuotePdf({ quote, logo: null, certificates: [], generatedAt });
const eur = (cents: number) => normalise(formatEuros(cents));

const repairLots = (reduced: boolean): Array<{ title: string; lines: LineSpec[] }> => [
  {
    title: 'Intervention',
    lines: [
      {
        designation: 'Recherche de fuite et remplacement du siphon',
        quantityMilli: 1_000,
        unit: 'forfait',
        unitPriceCents: 9_500,
        tvaRateBp: reduced ? 1000 : 2000,
      },
      { designation: 'Main-d’œuvre de plombier', quantityMilli: 1_500, unit: 'h', unitPriceCents: 5_200, tvaRateBp: reduced ? 1000 : 2000 },
    ],
  },
];
const worksLots = (reduced: boolean): Array<{ title: string; lines: LineSpec[] }> => [
  {
    title: 'Peinture',
    lines: [
      { designation: 'Peinture des murs du séjour', quantityMilli: 42_000, unit: 'm²', unitPriceCents: 2_400, tvaRateBp: reduced ? 1000 : 2000 },
      { designation: 'Fourniture de la peinture', quantityMilli: 1_000, unit: 'forfait', unitPriceCents: 31_000, tvaRateBp: 2000 },
    ],
  },
];

interface Case {
  clientType: ClientType;
  kind: QuoteKindName;
  reduced: boolean;
  urgent: boolean;
  retention: boolean;
}

const cases: Case[] = [];
for (const clientType of CLIENT_TYPES)
  for (const kind of QUOTE_KINDS)
    for (const reduced of [true, false])
      for (const urgent of kind === 'depannage' ? [false, true] : [false])
        for (const retention of [true, false]) cases.push({ clientType, kind, reduced, urgent, retention });

function quoteOf(c: Case): QuoteDetail {
  const lots = c.kind === 'depannage' ? repairLots(c.reduced) : worksLots(c.reduced);
  return buildQuote({
    lots,
    overrides: {
      kind: c.kind,
      client_type: c.clientType,
      urgent_repair: c.urgent,
      retention_bp: c.retention ? 500 : 0,
      deposit_bp: c.retention ? 3000 : 0,
      travel_cost_cents: c.kind === 'depannage' ? 4_500 : null,
      free_text: '',
      general_conditions: '',
    },
  });
}

/** Rows that depend on the client, the kind or the urgency: their first marker must be absent when not asked for. */
const SPECIFIC = MENTIONS.filter(
  (m) => m.document === 'devis' && (m.clientTypes || m.quoteKinds || m.key.includes('withdrawal') || m.key === 'devis.reduced_tva'),
);

describe('quote PDF: the mentions table, every combination (decision 1040)', () => {
  it.each(cases)('$clientType $kind reduced=$reduced urgent=$urgent retention=$retention', async (c) => {
    const quote = quoteOf(c);
    const text = await pdfText(await render(quote));
    const facts = quoteMentionFacts(quote);
    const required = requiredMentions('devis', c.clientType, c.kind, facts);
    expect(required.length).toBeGreaterThan(20);
    for (const m of required) for (const marker of m.markers) expect(text, `${m.key} (${m.basis}): « ${marker} »`).toContain(normalise(marker));
    const keys = new Set(required.map((m) => m.key));
    for (const m of SPECIFIC) if (!keys.has(m.key)) expect(text, `${m.key} must not be printed`).not.toContain(normalise(m.markers[0]));
  });
});

describe('quote PDF: what the new mentions say', () => {
  it('names each insurer with its address (loi 96-603 art. 22-2)', async () => {
    const text = await pdfText(await render(buildQuote()));
    expect(text).toContain('Coordonnées de l’assureur : MAF Assurances, 189 boulevard Malesherbes, 75017 Paris.');
    expect(text).toContain('Coordonnées de l’assureur : Axa France IARD, 313 Terrasses de l’Arche, 92727 Nanterre Cedex.');
  });

  it('says so when a quote frozen before the address existed has none', async () => {
    const quote = buildQuote();
    const { insurer_address: _, ...old } = quote.issuer.decennale!;
    const text = await pdfText(await render({ ...quote, issuer: { ...quote.issuer, decennale: old as never } }));
    expect(text).toContain('Coordonnées de l’assureur : MAF Assurances, adresse non renseignée.');
  });

  it('names the consumer mediator the admin set, with its website, to a consumer only', async () => {
    const consumer = await pdfText(await render(buildQuote()));
    // (a long address may wrap after « https:// »: the extracted text then has a space there)
    expect(consumer).toContain('Médiateur de la consommation : Médiation de la consommation du bâtiment, 10 rue de la Paix, 75002 Paris, https://');
    expect(consumer).toContain('www.mediateur-batiment.example.');
    const unset = await pdfText(await render(buildQuote({ overrides: { mediator: null } })));
    expect(unset).toContain('Médiateur de la consommation : non désigné à ce jour.');
    const business = await pdfText(await render(buildQuote({ overrides: { client_type: 'entreprise' } })));
    expect(business).not.toContain('Médiateur de la consommation');
  });

  it('states the start date and the duration of the works, or the legal default', async () => {
    expect(await pdfText(await render(buildQuote()))).toContain('Exécution des travaux : début des travaux le 11/01/2027, durée prévue 15 jours.');
    expect(await pdfText(await render(buildQuote({ overrides: { works_start_date: null, works_duration_days: 1 } })))).toContain(
      'Exécution des travaux : durée prévue 1 jour.',
    );
    const none = await pdfText(await render(buildQuote({ overrides: { works_start_date: null, works_duration_days: null } })));
    expect(none).toContain('au plus tard trente jours après la conclusion du contrat (art. L216-1 du code de la consommation)');
  });

  it('prints the TTC of each rate, as base + TVA of that rate', async () => {
    const quote = buildQuote();
    const text = await pdfText(await render(quote));
    expect(quote.totals.by_rate.length).toBe(2);
    for (const r of quote.totals.by_rate) expect(text).toContain(`Total TTC à ${normalise(formatPercent(r.rate_bp))} ${eur(r.base_cents + r.tva_cents)}`);
  });

  it('puts the withdrawal form on a page of its own, with the professional and the quote filled in', async () => {
    const pages = await pdfPages(await render(buildQuote()));
    const form = pages.find((p) => p.startsWith('Formulaire de rétractation'));
    expect(form).toBeDefined();
    expect(form).toContain('À l’attention de Atelier Lœvenbruck Architecture, 12 rue des Écoles, 75005 Paris, contact@atelier-');
    expect(form).toContain('Devis D-2026-0007 v2 — Rénovation de la salle de bains');
    expect(form).toContain('(*) Rayez la mention inutile.');
    const text = pages.join(' ');
    expect(text).toContain('délai de quatorze jours pour exercer son droit de rétractation');
    expect(text).toContain('contrat conclu à distance');
  });

  it('tells the consumer of an urgent repair there is no right of withdrawal, and keeps « Devis reçu avant l’exécution des travaux »', async () => {
    const quote = buildQuote({ lots: repairLots(false), overrides: { kind: 'depannage', urgent_repair: true, travel_cost_cents: 4_500 } });
    const text = await pdfText(await render(quote));
    expect(text).toContain('le droit de rétractation ne peut pas être exercé (art. L221-28 8° du code de la consommation)');
    expect(text).not.toContain('Formulaire de rétractation');
    expect(text).toContain('et « Devis reçu avant l’exécution des travaux »');
    expect(text.indexOf('Devis reçu avant l’exécution des travaux')).toBeGreaterThan(text.indexOf('Bon pour accord'));
  });

  it('an urgent flag on a works quote is no urgent repair: the withdrawal stays', async () => {
    const text = await pdfText(await render(buildQuote({ overrides: { urgent_repair: true } })));
    expect(text).toContain('Formulaire de rétractation');
  });

  it('gives a business client the recovery indemnity and no withdrawal', async () => {
    const text = await pdfText(await render(buildQuote({ overrides: { client_type: 'entreprise' } })));
    expect(text).toContain('Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40,00 €');
    expect(text).not.toContain('rétractation');
  });
});
