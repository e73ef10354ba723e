// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { quoteRoutes } from '@ouvrage/contracts';
import { depositCents, formatEuros, reducedTvaCertification, totalsWithOptions } from '@ouvrage/domain';
import { ApiError } from '../../../lib/api-client';
import { line, lot, quoteDetail, renderQuotes } from '../testing/fixtures';
import { AcceptQuoteModal } from './accept-quote-modal';

// A plain stand-in rather than vi.fn: here (Vitest 4.1) a spy whose returned promise rejected failed the test.
const api = vi.hoisted(() => ({ calls: [] as unknown[][], answer: (async () => undefined) as (...args: unknown[]) => Promise<unknown> }));
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: (...args: unknown[]) => {
    api.calls.push(args);
    return api.answer(...args);
  },
}));

const tiles = line({ designation: 'Carrelage mural', quantity_milli: 12_500, unit: 'm²', unit_price_cents: 4_590, tva_rate_bp: 1000 });
const shower = line({ designation: 'Receveur de douche', unit_price_cents: 38_999, tva_rate_bp: 1000, discount_bp: 750 });
const towel = line({ designation: 'Sèche-serviettes', unit_price_cents: 24_950, tva_rate_bp: 550, optional: true });
const niche = line({ designation: 'Niche maçonnée', unit_price_cents: 18_033, tva_rate_bp: 2000, optional: true });
const quote = quoteDetail({
  lots: [lot('Plomberie', [shower, towel]), lot('Carrelage', [tiles, niche])],
  deposit_bp: 3000,
  reduced_tva_certification: reducedTvaCertification([1000, 550]),
  can: { edit: false, delete: false, send: false, accept: true, refuse: true, cancel: false, validate: false, new_version: false, sign: false },
});

/** What the domain computes for these choices: the modal must show exactly this. */
function expected(chosen: number[]) {
  const t = totalsWithOptions(
    quote.lots.map((l) => ({
      title: l.title,
      lines: l.lines.map((x) => ({
        id: x.id,
        optional: x.optional,
        designation: x.designation,
        quantityMilli: x.quantity_milli,
        unit: x.unit as 'u',
        unitPriceCents: x.unit_price_cents,
        tvaRateBp: x.tva_rate_bp as 2000,
        discountBp: x.discount_bp,
      })),
    })),
    chosen,
  );
  return { ttc: t.totalTtcCents, ht: t.totalHtCents, deposit: depositCents(t.totalTtcCents, quote.deposit_bp) };
}

const cell = (key: string) => screen.getByTestId(`accept-totals-${key}`).querySelector('td')!.textContent;

describe('AcceptQuoteModal', () => {
  beforeEach(() => {
    api.calls.length = 0;
  });

  it('shows the totals and the deposit of the chosen options, as the domain computes them', async () => {
    renderQuotes(<AcceptQuoteModal quote={quote} opened onClose={() => {}} />);
    const none = expected([]);
    expect(cell('ht')).toBe(formatEuros(none.ht));
    expect(cell('ttc')).toBe(formatEuros(none.ttc));
    expect(cell('deposit')).toBe(formatEuros(none.deposit));

    await userEvent.click(screen.getByLabelText(/Sèche-serviettes/));
    const one = expected([towel.id]);
    expect(one.ttc).toBeGreaterThan(none.ttc);
    expect(cell('ttc')).toBe(formatEuros(one.ttc));
    expect(cell('deposit')).toBe(formatEuros(one.deposit));
    // The 5,5 % rate appears only once the option at that rate is taken.
    expect(screen.getByTestId('accept-totals-tva-550')).toBeTruthy();

    await userEvent.click(screen.getByLabelText(/Niche maçonnée/));
    const both = expected([towel.id, niche.id]);
    expect(cell('ttc')).toBe(formatEuros(both.ttc));
    expect(cell('deposit')).toBe(formatEuros(both.deposit));
    expect(screen.getByTestId('accept-confirm').textContent).toContain(formatEuros(both.ttc));

    await userEvent.click(screen.getByLabelText(/Sèche-serviettes/));
    expect(cell('ttc')).toBe(formatEuros(expected([niche.id]).ttc));
    expect(screen.queryByTestId('accept-totals-tva-550')).toBeNull();
  });

  it('shows the reduced-TVA certification above the confirm button', () => {
    renderQuotes(<AcceptQuoteModal quote={quote} opened onClose={() => {}} />);
    const certification = screen.getByTestId('accept-certification');
    expect(certification.textContent).toContain('En acceptant, vous certifiez');
    expect(certification.textContent).toContain('immeuble achevé depuis plus de deux ans');
    expect(certification.compareDocumentPosition(screen.getByTestId('accept-confirm')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('has no certification when every line is at 20 %', () => {
    renderQuotes(<AcceptQuoteModal quote={{ ...quote, reduced_tva_certification: null }} opened onClose={() => {}} />);
    expect(screen.queryByTestId('accept-certification')).toBeNull();
  });

  it('sends the ticked options to the API and closes', async () => {
    api.answer = async () => ({ ...quote, status: 'Accepté' });
    const onClose = vi.fn();
    const onAccepted = vi.fn();
    renderQuotes(<AcceptQuoteModal quote={quote} opened onClose={onClose} onAccepted={onAccepted} />);
    await userEvent.click(screen.getByLabelText(/Niche maçonnée/));
    await userEvent.click(screen.getByTestId('accept-confirm'));
    await waitFor(() => expect(onAccepted).toHaveBeenCalled());
    expect(api.calls).toEqual([[quoteRoutes.acceptQuote, { params: { id: quote.id }, body: { chosen_option_ids: [niche.id] } }]]);
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a refusal in the user’s language and stays open', async () => {
    api.answer = async () => {
      throw new ApiError('Ce devis a dépassé sa date de validité.', 409, 'QUOTE_EXPIRED');
    };
    const onClose = vi.fn();
    renderQuotes(<AcceptQuoteModal quote={quote} opened onClose={onClose} />, { lng: 'en' });
    await userEvent.click(screen.getByTestId('accept-confirm'));
    expect((await screen.findByRole('alert')).textContent).toContain('This quote is past its validity date');
    expect(onClose).not.toHaveBeenCalled();
  });
});
