import { describe, expect, it } from 'vitest';
import type { QuoteDetail } from '@ouvrage/contracts';
import { computeQuoteTotals, depositCents, REDUCED_TVA_CERTIFICATION, REDUCED_TVA_CERTIFICATION_ENERGY } from '@ouvrage/domain';
import {
  contentBody,
  draftCertification,
  draftFromDetail,
  draftGaps,
  draftTotals,
  emptyLine,
  emptyLot,
  fieldsByKey,
  moveItem,
  newDraft,
  type DraftLine,
  type QuoteDraft,
} from './draft';

const line = (patch: Partial<DraftLine>): DraftLine => ({ ...emptyLine(), designation: 'Ligne', ...patch });

function sampleDraft(): QuoteDraft {
  const draft = newDraft({
    title: 'Salle de bains',
    clientAddress: null,
    siteAddress: { street: '1 rue A', postcode: '75001', city: 'Paris' },
    settings: undefined,
  });
  draft.deposit_bp = 3000;
  draft.lots = [
    {
      ...emptyLot('Plomberie'),
      lines: [
        line({ quantity_milli: 2500, unit_price_cents: 1999, tva_rate_bp: 1000 }),
        line({ quantity_milli: 1000, unit_price_cents: 45000, tva_rate_bp: 2000, discount_bp: 1250 }),
      ],
    },
    {
      ...emptyLot('Électricité'),
      lines: [
        line({ quantity_milli: 3333, unit_price_cents: 333, tva_rate_bp: 550 }),
        line({ quantity_milli: 1000, unit_price_cents: 99900, tva_rate_bp: 2000, optional: true }),
      ],
    },
  ];
  return draft;
}

describe('the draft the editor holds', () => {
  it('sends the totals the domain computes, options not counted, in the body the API checks', () => {
    const draft = sampleDraft();
    const body = contentBody(draft);
    const domain = computeQuoteTotals(
      body.lots.map((lot) => ({
        title: lot.title,
        lines: lot.lines.map((l) => ({
          designation: l.designation,
          quantityMilli: l.quantity_milli,
          unit: l.unit,
          unitPriceCents: l.unit_price_cents,
          tvaRateBp: l.tva_rate_bp as 2000,
          discountBp: l.discount_bp ?? 0,
          optional: l.optional,
        })),
      })),
    );
    expect(body.expected_totals).toEqual({ total_ht_cents: domain.totalHtCents, total_tva_cents: domain.totalTvaCents, total_ttc_cents: domain.totalTtcCents });
    // 2,5 × 19,99 = 49,975 → 49,98; 450 − 12,5 % = 393,75; 3,333 × 3,33 = 11,09889 → 11,10; the 999 € option is left out.
    expect(body.expected_totals.total_ht_cents).toBe(4998 + 39375 + 1110);
    const totals = draftTotals(draft);
    expect(totals.optionsHtCents).toBe(99900);
    expect(totals.depositCents).toBe(depositCents(totals.totalTtcCents, 3000));
    expect(body.client_address).toBeNull();
    expect(body.site_address).toEqual({ street: '1 rue A', postcode: '75001', city: 'Paris' });
  });

  it('sends travel costs only for repair work and the quote price only when it is not free', () => {
    const draft = { ...sampleDraft(), travel_cost_cents: 3500, quote_price_cents: 5000 };
    expect(contentBody(draft)).toMatchObject({ travel_cost_cents: null, quote_price_cents: null });
    expect(contentBody({ ...draft, kind: 'depannage', is_free: false })).toMatchObject({ travel_cost_cents: 3500, quote_price_cents: 5000 });
  });

  it('shows the reduced-TVA certification when a line is at 10 % or 5,5 %, with the energy sentence for 5,5 %', () => {
    const draft = sampleDraft();
    expect(draftCertification(draft)).toBe(`${REDUCED_TVA_CERTIFICATION} ${REDUCED_TVA_CERTIFICATION_ENERGY}`);
    expect(draftCertification({ lots: [draft.lots[0]] })).toBe(REDUCED_TVA_CERTIFICATION);
    expect(draftCertification({ lots: [{ ...emptyLot('A'), lines: [line({ tva_rate_bp: 2000 }), line({ tva_rate_bp: 0 })] }] })).toBeNull();
  });

  it('turns the API’s field positions into the keys of the lots and lines that were sent', () => {
    const sent = sampleDraft();
    const fields = fieldsByKey(
      {
        'lots.1.lines.0.quantity_milli': 'La quantité doit être positive.',
        'lots.0.title': 'Donnez un titre au lot.',
        title: 'Indiquez l’objet du devis.',
        'lots.9.title': 'x',
      },
      sent,
    );
    expect(fields).toEqual({
      [`line:${sent.lots[1].lines[0].key}.quantity_milli`]: 'La quantité doit être positive.',
      [`lot:${sent.lots[0].key}.title`]: 'Donnez un titre au lot.',
      title: 'Indiquez l’objet du devis.',
      'lots.9.title': 'x',
    });
  });

  it('moves an item and leaves the list alone for moves past either end', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });
});

describe('a draft saved as typed (decision 1203)', () => {
  it('marks an empty free line, a line without quantity and an untitled lot by their keys, and counts them', () => {
    const draft = sampleDraft();
    draft.lots[0].lines.push(emptyLine(), line({ quantity_milli: null }));
    draft.lots.push(emptyLot());
    const gaps = draftGaps(draft);
    const [, , empty, noQuantity] = draft.lots[0].lines;
    expect(Object.fromEntries(Object.entries(gaps.byField).map(([k, r]) => [k, r.code]))).toEqual({
      [`line:${empty.key}.designation`]: 'LINE_DESIGNATION_MISSING',
      [`line:${noQuantity.key}.quantity_milli`]: 'LINE_QUANTITY_INVALID',
      [`lot:${draft.lots[2].key}.title`]: 'QUOTE_LOT_TITLE_MISSING',
    });
    expect([gaps.lines, gaps.lots]).toEqual([2, 1]);
    expect(draftGaps(sampleDraft())).toEqual({ byField: {}, lines: 0, lots: 0 });
  });

  it('reopens a catalogue line with its product and a quantity saved as not given as an empty field, and saves them back unchanged', () => {
    const stored = {
      title: 'Cuisine',
      kind: 'travaux',
      client: { address: null },
      site_address: null,
      lots: [
        {
          id: 1,
          title: 'Plomberie',
          subtotal_ht_cents: 25_000,
          lines: [
            {
              id: 1,
              product_id: 77,
              designation: 'Évier inox',
              description: 'Bac 80 cm',
              quantity_milli: 1000,
              unit: 'u',
              unit_price_cents: 25_000,
              tva_rate_bp: 1000,
              discount_bp: 0,
              optional: false,
            },
            {
              id: 2,
              product_id: null,
              designation: '',
              description: '',
              quantity_milli: 0,
              unit: 'u',
              unit_price_cents: 0,
              tva_rate_bp: 2000,
              discount_bp: 0,
              optional: false,
            },
          ],
        },
      ],
      validity_days: 30,
      deposit_bp: 3000,
      payment_terms: '',
      late_penalty_bp: 0,
      retention_bp: 0,
      free_text: '',
      general_conditions: '',
      is_free: true,
      quote_price_cents: null,
      travel_cost_cents: null,
      works_start_date: null,
      works_duration_days: null,
      urgent_repair: false,
    } as unknown as QuoteDetail;
    const draft = draftFromDetail(stored);
    expect(draft.lots[0].lines.map((l) => [l.product_id, l.designation, l.quantity_milli])).toEqual([
      [77, 'Évier inox', 1000],
      [null, '', null],
    ]);
    expect(contentBody(draft).lots[0].lines.map((l) => [l.product_id, l.quantity_milli])).toEqual([
      [77, 1000],
      [null, 0],
    ]);
  });
});
