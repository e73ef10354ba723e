// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QuoteDetail, QuoteInvoicing } from '@ouvrage/contracts';
import { addDays, calendarDateAt, formatPercent } from '@ouvrage/domain';
import { formatDate, formatEuros } from '../../../lib/format';
import { renderWithProviders } from '../../../testing/render';
import { nextInvoice } from '../model/next-invoice';
import { IssueInvoiceModal } from './issue-invoice-modal';

// Typing into Mantine inputs takes seconds on a loaded 2-core machine.
vi.setConfig({ testTimeout: 30_000 });

const api = vi.hoisted(() => ({ calls: [] as unknown[][] }));
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: async (...args: unknown[]) => {
    // The project's journal, read for the justification's picker (decision 1232): empty here, not counted.
    if ((args[0] as { path?: string }).path?.endsWith('/journal'))
      return { items: [], total: 0, total_capped: false, page: 1, per_page: 100, can_write: false };
    api.calls.push(args);
    return { id: 41 };
  },
}));

const line = (id: number, designation: string, unit_price_cents: number, tva_rate_bp: number) => ({
  id,
  product_id: null,
  description: '',
  designation,
  quantity_milli: 1000,
  unit: 'u',
  unit_price_cents,
  tva_rate_bp,
  discount_bp: 0,
  optional: false,
  chosen: false,
  net_ht_cents: unit_price_cents,
});

/** A validated quote of two lots at two rates: only what the issuing modal reads of it. */
const quote = {
  id: 7,
  label: 'D-2026-0007',
  project: { id: 3, title: 'Cuisine', category: 'renovation' },
  status: 'Validé',
  deposit_bp: 3000,
  retention_bp: 0,
  lots: [
    { id: 1, title: 'Démolition', subtotal_ht_cents: 85_000, lines: [line(11, 'Dépose', 85_000, 1000)] },
    { id: 2, title: 'Plomberie', subtotal_ht_cents: 120_000, lines: [line(12, 'Adoucisseur', 120_000, 2000)] },
  ],
} as unknown as QuoteDetail;
const invoicing: QuoteInvoicing = { quote_id: 7, invoices: [] };

const render = (lng: 'fr' | 'en' | 'ar' = 'fr') =>
  renderWithProviders(<IssueInvoiceModal quote={quote} invoicing={invoicing} opened onClose={() => {}} />, { route: '/', lng });

async function retype(testId: string, value: string) {
  const input = screen.getByTestId(testId) as HTMLInputElement;
  await userEvent.clear(input);
  await userEvent.type(input, value);
  fireEvent.blur(input);
  return input;
}

describe('IssueInvoiceModal', () => {
  beforeEach(() => {
    api.calls.length = 0;
  });

  it('keeps 150 % as typed and refuses it with its message: nothing can be issued', async () => {
    render();
    const input = await retype('invoice-percent', '150');
    expect(input.value).toBe('150 %');
    expect(screen.getAllByText('Le pourcentage d’acompte doit être compris entre 0 et 100 %.').length).toBeGreaterThan(0);
    expect(screen.getByTestId('invoice-review-open')).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('invoice-preview')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('keeps −1 days and an empty delay as typed and refuses them, never 0 or 30 days', async () => {
    render();
    const input = await retype('invoice-delay', '-1');
    expect(input.value).toBe('-1');
    expect(screen.getByText('Le délai de paiement est compris entre 0 et 60 jours.')).toBeTruthy();
    expect(screen.getByTestId('invoice-review-open')).toHaveProperty('disabled', true);
    await userEvent.clear(input);
    fireEvent.blur(input);
    expect(screen.getByText('Le délai de paiement est compris entre 0 et 60 jours.')).toBeTruthy();
    expect(screen.getByTestId('invoice-review-open')).toHaveProperty('disabled', true);
    await retype('invoice-delay', '61');
    expect(screen.getByTestId('invoice-review-open')).toHaveProperty('disabled', true);
  });

  it('keeps a 250 % progress as typed and refuses it, in English and Arabic too', async () => {
    render('en');
    await userEvent.click(screen.getByText('Progress invoice'));
    const input = await retype('invoice-progress-1', '250');
    expect(input.value).toBe('250 %');
    expect(screen.getAllByText('The progress of each lot is between 0 and 100 %.').length).toBeGreaterThan(0);
    expect(screen.getByTestId('invoice-review-open')).toHaveProperty('disabled', true);
  });

  it('shows the refusal in Arabic', async () => {
    render('ar');
    await retype('invoice-percent', '150');
    expect(screen.getByTestId('invoice-refusal').textContent).toMatch(/[\u0600-\u06FF]/);
  });

  it('reviews exactly what will be issued — kind, each rate, TTC, due date — and issues only on confirmation', async () => {
    render();
    await retype('invoice-percent', '40');
    await retype('invoice-delay', '15');
    await userEvent.click(screen.getByTestId('invoice-review-open'));
    expect(api.calls).toHaveLength(0);
    const result = nextInvoice(quote, invoicing, { kind: 'acompte', percentBp: 4000 });
    if (!result.ok) throw new Error('draft refused');
    expect(screen.getByTestId('invoice-review-kind').textContent).toContain('Facture d’acompte');
    expect(screen.getByTestId('invoice-review-percent').textContent).toContain(formatPercent(4000));
    expect(result.draft.byRate).toHaveLength(2);
    for (const r of result.draft.byRate) {
      const row = screen.getByTestId(`invoice-review-rate-${r.rateBp}`).textContent;
      expect(row).toContain(formatEuros(r.baseCents));
      expect(row).toContain(formatEuros(r.tvaCents));
    }
    expect(screen.getByTestId('invoice-review-ttc').textContent).toContain(formatEuros(result.draft.totals.totalTtcCents));
    const today = calendarDateAt(new Date());
    expect(screen.getByTestId('invoice-review-dates').textContent).toContain(formatDate(addDays(today, 15)));
    // Back to the form keeps what was typed; then issue.
    await userEvent.click(screen.getByTestId('invoice-review-back'));
    expect((screen.getByTestId('invoice-percent') as HTMLInputElement).value).toBe('40 %');
    await userEvent.click(screen.getByTestId('invoice-review-open'));
    await userEvent.click(screen.getByTestId('invoice-confirm'));
    expect(api.calls).toHaveLength(1);
    expect((api.calls[0][1] as { body: unknown }).body).toMatchObject({
      quote_id: 7,
      kind: 'acompte',
      percent_bp: 4000,
      amount_cents: null,
      progress_bp: null,
      payment_delay_days: 15,
    });
  });
});

describe('IssueInvoiceModal after a credited balance', () => {
  it('offers the balance of what an avoir took back (decision 1062)', async () => {
    const balance = nextInvoice(quote, invoicing, { kind: 'solde' });
    if (!balance.ok) throw new Error('draft refused');
    const byRate = balance.draft.byRate.map((r) => ({ rate_bp: r.rateBp, base_cents: r.baseCents, tva_cents: r.tvaCents }));
    const credited: QuoteInvoicing = {
      quote_id: 7,
      invoices: [
        {
          id: 1,
          number: 'F-2026-0001',
          kind: 'solde',
          issue_date: '2026-11-23',
          by_rate: byRate,
          progress_bp: null,
          credited: byRate.map((r) => ({ ...r, base_cents: Math.floor(r.base_cents / 2), tva_cents: Math.floor(r.tva_cents / 2) })),
        },
      ],
    };
    renderWithProviders(<IssueInvoiceModal quote={quote} invoicing={credited} opened onClose={() => {}} />, { route: '/' });
    const again = nextInvoice(quote, credited, { kind: 'solde' });
    if (!again.ok) throw new Error('draft refused');
    expect(screen.queryByTestId('invoice-refusal')).toBeNull();
    expect(screen.getByTestId('invoice-preview-ttc').textContent).toContain(formatEuros(again.draft.totals.totalTtcCents));
  });
});
