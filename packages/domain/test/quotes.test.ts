import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarDate,
  computeQuoteTotals,
  depositCents,
  diffQuoteLines,
  effectiveQuoteStatus,
  isQuoteExpired,
  missingIssuerMentions,
  missingMentionsRefusal,
  QUOTE_STATUSES,
  quoteTransitionRefusal,
  quoteValidUntil,
  quoteVersionLabel,
  reducedTvaCertification,
  totalsWithOptions,
  TVA_RATES,
  type ComparableLine,
  type IssuerMentions,
  type QuoteAction,
  type QuoteUnit,
} from '../src';

const today = calendarDate('2026-11-23');

describe('quote transitions', () => {
  const allowed: Record<QuoteAction, string[]> = {
    edit: ['Brouillon'],
    delete: ['Brouillon'],
    send: ['Brouillon'],
    accept: ['Envoyé'],
    refuse: ['Envoyé'],
    sign: ['Accepté'],
    cancel: ['Brouillon', 'Envoyé', 'Accepté', 'Signé'],
    validate: ['Signé'],
    'new-version': ['Envoyé', 'Refusé', 'Expiré'],
  };
  for (const [action, from] of Object.entries(allowed) as Array<[QuoteAction, string[]]>) {
    it(`${action} only from ${from.join(', ')}`, () => {
      for (const status of QUOTE_STATUSES) {
        const refusal = quoteTransitionRefusal(status, action);
        if (from.includes(status)) expect(refusal).toBeNull();
        else {
          expect(refusal?.status).toBe(409);
          expect(refusal?.code).toBe(`QUOTE_${action.toUpperCase().replace('-', '_')}_NOT_ALLOWED`);
          expect(refusal?.params.status).toBe(status);
        }
      }
    });
  }

  it('a validated, cancelled or replaced quote accepts no change at all', () => {
    for (const status of ['Validé', 'Annulé', 'Remplacé'] as const) {
      for (const action of ['edit', 'send', 'accept', 'refuse', 'cancel', 'validate', 'new-version', 'delete'] as const) {
        expect(quoteTransitionRefusal(status, action)).not.toBeNull();
      }
    }
  });
});

describe('validity', () => {
  it('counts the validity in Paris calendar days from the sending, the last day included', () => {
    const until = quoteValidUntil(today, 30);
    expect(until).toBe('2026-12-23');
    expect(isQuoteExpired(until, calendarDate('2026-12-23'))).toBe(false);
    expect(isQuoteExpired(until, calendarDate('2026-12-24'))).toBe(true);
    expect(isQuoteExpired(null, calendarDate('2099-01-01'))).toBe(false);
  });

  it('a sent quote past its date reads « Expiré »; other statuses keep theirs', () => {
    const validUntil = calendarDate('2026-11-22');
    expect(effectiveQuoteStatus({ status: 'Envoyé', validUntil }, today)).toBe('Expiré');
    expect(effectiveQuoteStatus({ status: 'Accepté', validUntil }, today)).toBe('Accepté');
    expect(effectiveQuoteStatus({ status: 'Envoyé', validUntil: today }, today)).toBe('Envoyé');
  });

  it('labels versions after the first with their number', () => {
    expect(quoteVersionLabel('D-2026-0007', 1)).toBe('D-2026-0007');
    expect(quoteVersionLabel('D-2026-0007', 2)).toBe('D-2026-0007 v2');
    expect(quoteVersionLabel(null, 1)).toBe('Brouillon');
  });
});

describe('options the client takes', () => {
  const lots = [
    {
      title: 'Plomberie',
      lines: [
        {
          id: 1,
          designation: 'Douche',
          quantityMilli: 1000,
          unit: 'u' as QuoteUnit,
          unitPriceCents: 240_000,
          tvaRateBp: 1000 as const,
          discountBp: 0,
          optional: false,
        },
        {
          id: 2,
          designation: 'Sèche-serviettes',
          quantityMilli: 1000,
          unit: 'u' as QuoteUnit,
          unitPriceCents: 32_000,
          tvaRateBp: 2000 as const,
          discountBp: 0,
          optional: true,
        },
      ],
    },
  ];

  it('counts only the chosen options', () => {
    expect(totalsWithOptions(lots).totalTtcCents).toBe(264_000);
    const chosen = totalsWithOptions(lots, [2]);
    expect(chosen.totalHtCents).toBe(272_000);
    expect(chosen.totalTtcCents).toBe(264_000 + 38_400);
    expect(chosen.lots[0].subtotalHtCents).toBe(272_000);
    expect(depositCents(chosen.totalTtcCents, 3000)).toBe(90_720);
  });

  it('taking every option equals the quote with no optional line (property)', () => {
    const arbLine = fc.record({
      quantityMilli: fc.integer({ min: 1, max: 100_000 }),
      unitPriceCents: fc.integer({ min: -100_000, max: 10_000_000 }),
      tvaRateBp: fc.constantFrom(...TVA_RATES),
      discountBp: fc.integer({ min: 0, max: 10_000 }),
      optional: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(fc.array(arbLine, { maxLength: 8 }), { minLength: 1, maxLength: 4 }), (raw) => {
        let id = 0;
        const lots = raw.map((lines, i) => ({ title: `Lot ${i}`, lines: lines.map((l) => ({ ...l, id: ++id, designation: 'x', unit: 'u' as QuoteUnit })) }));
        const all = lots.flatMap((l) => l.lines.filter((x) => x.optional).map((x) => x.id));
        const taken = totalsWithOptions(lots, all);
        const plain = computeQuoteTotals(lots.map((l) => ({ title: l.title, lines: l.lines.map((x) => ({ ...x, optional: false })) })));
        expect(taken.totalTtcCents).toBe(plain.totalTtcCents);
        expect(taken.byRate).toEqual(plain.byRate);
        // No option taken: the totals of the quote as sent.
        expect(totalsWithOptions(lots).totalTtcCents).toBe(computeQuoteTotals(lots).totalTtcCents);
      }),
    );
  });
});

describe('reduced TVA certification', () => {
  it('appears with a line at 10 % or 5,5 %, with the energy paragraph only at 5,5 %', () => {
    expect(reducedTvaCertification([2000, 0])).toBeNull();
    const ten = reducedTvaCertification([2000, 1000]);
    expect(ten).toContain('immeuble achevé depuis plus de deux ans');
    expect(ten).not.toContain('278-0 bis A');
    expect(reducedTvaCertification([550])).toContain('278-0 bis A');
  });
});

describe('mandatory mentions', () => {
  const insurance = {
    insurer: 'MAF',
    insurerAddress: '189 boulevard Malesherbes, 75017 Paris',
    policyNumber: 'P-1',
    coverage: 'France',
    validUntil: calendarDate('2027-12-31'),
  };
  const complete: IssuerMentions = {
    name: 'Atelier Morel',
    legalForm: 'SARL',
    address: '12 quai Saint-Antoine, 69002 Lyon',
    siret: '73282932000074',
    rcsRm: 'RCS Lyon 732 829 320',
    tvaNumber: 'FR44732829320',
    decennale: insurance,
    rcPro: insurance,
  };

  it('a complete profile lacks nothing', () => {
    expect(missingIssuerMentions(complete, today)).toEqual([]);
    expect(missingMentionsRefusal([])).toBeNull();
  });

  it('lists what is missing, in order, and refuses the sending with that list', () => {
    const missing = missingIssuerMentions({ ...complete, siret: ' ', tvaNumber: null, rcPro: { ...insurance, coverage: '' } }, today);
    expect(missing).toEqual(['siret', 'tvaNumber', 'rcPro']);
    const refusal = missingMentionsRefusal(missing)!;
    expect(refusal.code).toBe('QUOTE_MENTIONS_MISSING');
    expect(refusal.status).toBe(409);
    expect(refusal.params.missing).toBe('siret,tvaNumber,rcPro');
    expect(refusal.message).toContain('le numéro SIRET');
  });

  it('an expired décennale is not a décennale', () => {
    expect(missingIssuerMentions({ ...complete, decennale: { ...insurance, validUntil: calendarDate('2026-11-22') } }, today)).toEqual(['decennaleValid']);
  });

  it('an insurance without its insurer’s address is incomplete (loi 96-603 art. 22-2, decision 1041)', () => {
    expect(
      missingIssuerMentions({ ...complete, decennale: { ...insurance, insurerAddress: null }, rcPro: { ...insurance, insurerAddress: ' ' } }, today),
    ).toEqual(['decennale', 'rcPro']);
  });
});

describe('what changed between two versions', () => {
  const base: ComparableLine = {
    lot: 'Plomberie',
    designation: 'Douche',
    quantityMilli: 1000,
    unit: 'u',
    unitPriceCents: 240_000,
    tvaRateBp: 1000,
    discountBp: 0,
    optional: false,
  };

  it('finds added, removed and changed lines by lot and designation', () => {
    const before = [base, { ...base, designation: 'Lavabo' }];
    const after = [
      { ...base, designation: ' douche ', unitPriceCents: 220_000 },
      { ...base, lot: 'Électricité', designation: 'Tableau' },
    ];
    const changes = diffQuoteLines(before, after);
    expect(changes).toHaveLength(3);
    expect(changes[0]).toMatchObject({ kind: 'changed', fields: ['unitPriceCents'] });
    expect(changes[1]).toMatchObject({ kind: 'added', line: { designation: 'Tableau' } });
    expect(changes[2]).toMatchObject({ kind: 'removed', line: { designation: 'Lavabo' } });
  });

  it('a version compared with itself has no change (property)', () => {
    const arbLine = fc.record({
      lot: fc.constantFrom('A', 'B'),
      designation: fc.constantFrom('x', 'y', 'z'),
      quantityMilli: fc.integer({ min: 1, max: 10_000 }),
      unit: fc.constant('u'),
      unitPriceCents: fc.integer({ min: 0, max: 100_000 }),
      tvaRateBp: fc.constantFrom(...TVA_RATES),
      discountBp: fc.constant(0),
      optional: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbLine, { maxLength: 12 }), (lines) => {
        expect(diffQuoteLines(lines, lines)).toEqual([]);
        // Against nothing: every line added; nothing against them: every line removed.
        expect(diffQuoteLines([], lines).every((c) => c.kind === 'added')).toBe(true);
        expect(diffQuoteLines(lines, [])).toHaveLength(lines.length);
      }),
    );
  });
});
