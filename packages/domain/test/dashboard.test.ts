import { describe, expect, it } from 'vitest';
import { calendarDate, chartMonths, clientNextSteps, isChartPeriod, MAX_NEXT_STEPS, shareBp } from '../src';

describe('chart periods (decision 0813)', () => {
  it('accepts 6, 12, 24 months or a year between 2000 and 2100', () => {
    for (const ok of ['6', '12', '24', '2026', '2000', '2100']) expect(isChartPeriod(ok), ok).toBe(true);
    for (const bad of ['7', '0', '1999', '2101', '12m', '', ' 12', 12]) expect(isChartPeriod(bad), String(bad)).toBe(false);
  });

  it('gives the last months up to the current one, across a year boundary, and a calendar year', () => {
    expect(chartMonths('6', calendarDate('2026-02-15'))).toEqual({
      months: ['2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02'],
      from: '2025-09-01',
      until: '2026-03-01',
    });
    const twelve = chartMonths('12', calendarDate('2026-12-31'));
    expect(twelve.months[0]).toBe('2026-01');
    expect(twelve.until).toBe('2027-01-01');
    expect(chartMonths('24', calendarDate('2026-11-25')).months).toHaveLength(24);
    expect(chartMonths('2025', calendarDate('2026-11-25'))).toMatchObject({
      from: '2025-01-01',
      until: '2026-01-01',
      months: expect.arrayContaining(['2025-01', '2025-12']),
    });
  });

  it('rounds a share to basis points, null without a whole', () => {
    expect(shareBp(2, 6)).toBe(3333);
    expect(shareBp(2, 3)).toBe(6667);
    expect(shareBp(0, 4)).toBe(0);
    expect(shareBp(0, 0)).toBeNull();
  });
});

describe('the client’s next steps (decision 0811)', () => {
  it('puts overdue invoices first, then signatures, answers, invoices due and projects', () => {
    const steps = clientNextSteps({
      projects: [
        { id: 7, state: 'En attente' },
        { id: 8, state: 'En consultation' },
        { id: 9, state: 'Attribué' },
      ],
      quotesAwaiting: [{ id: 3, label: 'D-2026-0003' }],
      documentsToSign: [{ kind: 'quote', label: 'D-2026-0002', to: '/devis/2' }],
      invoicesToPay: [
        { id: 1, number: 'F-2026-0001', left_cents: 120_000, due_date: '2026-12-12', overdue: false },
        { id: 2, number: 'F-2026-0002', left_cents: 5_050, due_date: '2026-10-01', overdue: true },
      ],
    });
    expect(steps.map((s) => s.text)).toEqual([
      'Réglez la facture F-2026-0002 : 50,50 €, en retard depuis le 01/10/2026',
      'Signez le devis D-2026-0002',
      'Répondez au devis D-2026-0003 : acceptez-le ou refusez-le',
      'Réglez la facture F-2026-0001 : 1 200,00 € avant le 12/12/2026',
      'Votre projet n° 7 attend sa validation par l’équipe Ouvrage',
      'Votre projet n° 8 est proposé aux professionnels : les devis arriveront ici',
    ]);
    expect(steps[3]).toMatchObject({ key: 'pay_invoice', params: { number: 'F-2026-0001', amount_cents: 120_000, due_date: '2026-12-12' }, to: '/facture/1' });
  });

  it('keeps the most urgent few, and invites a newcomer', () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ id: i, label: `D-2026-000${i}` }));
    expect(clientNextSteps({ projects: [{ id: 1, state: 'Attribué' }], quotesAwaiting: many, documentsToSign: [], invoicesToPay: [] })).toHaveLength(
      MAX_NEXT_STEPS,
    );
    expect(clientNextSteps({ projects: [], quotesAwaiting: [], documentsToSign: [], invoicesToPay: [] }).map((s) => s.key)).toEqual(['create_project']);
  });
});
