// @vitest-environment jsdom
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { priceReferenceRoutes, type PriceReference, type PriceReferenceLookupBody, type QuoteDetail } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { LineReference, useQuotePriceReferences } from '../../price-references';
import { contentBody, emptyLine, emptyLot, newDraft, type DraftLine, type DraftLot, type QuoteDraft } from '../model/draft';
import { QuoteEditor } from './quote-editor';

vi.mock('../api/update-quote', () => ({ updateQuote: vi.fn(() => new Promise(() => {})) }));
vi.mock('../api/create-quote', () => ({ createQuote: vi.fn(() => new Promise(() => {})) }));

/** The lookups the editor made: each one's lines. */
const lookups: Array<PriceReferenceLookupBody['lines']> = [];
let optedOut = false;

const tiling: PriceReference = {
  level: 'departement',
  zone_code: '69',
  zone_name: 'Rhône',
  period: '12m',
  unit: 'm²',
  median_cents: 4_500,
  q1_cents: 3_800,
  q3_cents: 5_200,
  quotes: 27,
  computed_at: '2026-12-01T03:00:00Z',
};

vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: vi.fn(async (route: { path: string }, input: { body: PriceReferenceLookupBody }) => {
    if (route.path !== priceReferenceRoutes.quoteLookup.path) throw new Error(`unexpected ${route.path}`);
    lookups.push(input.body.lines);
    // « Carrelage … » in m² has a reference in the Rhône; « Faïence … » one over France and 36 months.
    return {
      opted_out: optedOut,
      departement: '69',
      lines: input.body.lines.map((line) =>
        optedOut
          ? null
          : (line.designation ?? '').startsWith('Carrelage')
            ? tiling
            : (line.designation ?? '').startsWith('Faïence')
              ? { ...tiling, level: 'france', zone_code: 'FR', zone_name: 'France', period: '36m', quotes: 112 }
              : null,
      ),
    };
  }),
}));

/** 200 lines in 4 lots; the first line of each lot is tiling at 45 €/m² × 10 m², the rest painting. */
function bigDraft(): QuoteDraft {
  const d = newDraft({ title: 'Immeuble', clientAddress: null, siteAddress: null, settings: undefined });
  d.lots = ['Revêtements', 'Peinture', 'Sols', 'Murs'].map((title, l) => ({
    ...emptyLot(title),
    lines: Array.from({ length: 50 }, (_, i) =>
      i === 0
        ? { ...emptyLine(), designation: `Carrelage grès cérame lot ${l + 1}`, unit: 'm²' as const, quantity_milli: 10_000, unit_price_cents: 4_500 }
        : { ...emptyLine(), designation: `Peinture pièce ${l + 1}-${i}`, unit: 'm²' as const, quantity_milli: 20_000, unit_price_cents: 1_200 },
    ),
  }));
  // A new line of the first lot: tiling without a price yet.
  d.lots[0]!.lines[1] = { ...emptyLine(), designation: 'Faïence murale', unit: 'm²', quantity_milli: 5_000, unit_price_cents: null };
  return d;
}

/**
 * The editor's lines (its draft model and the hook it uses) with each line's reference row: 200 full
 * `LineRow`s in jsdom take minutes (each Mantine grid adds a style sheet the next rows' styles are
 * computed against), so the 200-line proof draws a price and a designation field per line.
 */
function Harness({ initial }: { initial: DraftLot[] }) {
  const [lots, setLots] = useState(initial);
  const references = useQuotePriceReferences(42, lots);
  const setLine = (lotKey: string, lineKey: string, patch: Partial<DraftLine>) =>
    setLots((all) => all.map((lot) => (lot.key !== lotKey ? lot : { ...lot, lines: lot.lines.map((l) => (l.key === lineKey ? { ...l, ...patch } : l)) })));
  return (
    <>
      {lots.map((lot, l) =>
        lot.lines.map((line, i) => {
          const reference = references.referenceOf(lot.title, line);
          return (
            <div key={line.key} data-testid={`row-${l}-${i}`}>
              <input aria-label="Désignation" value={line.designation} onChange={(e) => setLine(lot.key, line.key, { designation: e.currentTarget.value })} />
              <input
                aria-label="Prix"
                value={line.unit_price_cents ?? ''}
                onChange={(e) => setLine(lot.key, line.key, { unit_price_cents: Number(e.currentTarget.value) })}
              />
              {reference && (
                <LineReference
                  reference={reference}
                  quantityMilli={line.quantity_milli}
                  unitPriceCents={line.unit_price_cents}
                  discountBp={line.discount_bp}
                  lineName={line.designation}
                />
              )}
            </div>
          );
        }),
      )}
    </>
  );
}

/** A quote of 8 lines in 2 lots for the whole editor: 2 tiling lines, 1 new faïence line, painting. */
function smallDraft(): QuoteDraft {
  const d = bigDraft();
  d.lots = d.lots.slice(0, 2).map((lot) => ({ ...lot, lines: lot.lines.slice(0, 4) }));
  return d;
}

const detail = {
  id: 42,
  status: 'Brouillon',
  client: { id: 3, name: 'Jeanne Dupont', email: 'j@e.fr', phone: null, address: null },
  missing_mentions: [],
  can: { send: true, edit: true },
} as unknown as QuoteDetail;

function renderEditor(draft: QuoteDraft) {
  return renderWithProviders(
    <QuoteEditor
      initialDraft={draft}
      savedJson={JSON.stringify(contentBody(draft))}
      quoteId={42}
      projectId={9}
      revision={1}
      detail={detail}
      clientName="Jeanne Dupont"
      readOnly={false}
      onReload={() => {}}
    />,
    { route: '/devis/42/modifier' },
  );
}

const LOOKUP_DELAY_MS = 500;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('QuoteEditor price references', () => {
  beforeEach(() => {
    lookups.length = 0;
    optedOut = false;
  });

  it('looks 200 lines up in one request, places a price as it is typed without another lookup, and asks again only for a changed designation', async () => {
    renderWithProviders(<Harness initial={bigDraft().lots} />);
    const first = screen.getByTestId('row-0-0');
    // One batched request, one entry per different line (200 lines, 200 keys here).
    await within(first).findByTestId('price-reference');
    expect(lookups).toHaveLength(1);
    expect(lookups[0]).toHaveLength(200);
    expect(within(first).getByTestId('price-reference-sentence').textContent).toBe(
      'Prix de référence dans le \u2068Rhône\u2069 : \u206638 €\u2069 – \u206652 €\u2069 HT / \u2068m²\u2069 (médiane \u206645 €\u2069, 27 devis)',
    );
    expect(within(first).getByTestId('price-placement').textContent).toContain('Votre prix est dans la fourchette habituelle');
    // Only referenced lines have a sentence: 4 tiling lines and the new faïence line (France, 36 months).
    expect(screen.getAllByTestId('price-reference')).toHaveLength(5);
    expect(screen.getByTestId('row-0-1').textContent).toContain('Prix de référence en \u2068France\u2069 sur 36 mois');

    // Typing prices: the placement follows at once, no request is made, even after the lookup delay.
    const price = within(first).getByRole('textbox', { name: 'Prix' });
    fireEvent.change(price, { target: { value: '6000' } });
    expect(within(first).getByTestId('price-placement').getAttribute('data-placement')).toBe('above');
    expect(within(first).getByTestId('price-placement').textContent).toContain('Votre prix est au-dessus de la fourchette');
    fireEvent.change(price, { target: { value: '3000' } });
    expect(within(first).getByTestId('price-placement').textContent).toContain('Votre prix est en dessous de la fourchette');
    await wait(LOOKUP_DELAY_MS + 400);
    expect(lookups).toHaveLength(1);

    // A changed designation asks for that line alone, once it rests.
    fireEvent.change(within(screen.getByTestId('row-1-1')).getByRole('textbox', { name: 'Désignation' }), { target: { value: 'Carrelage de la cuisine' } });
    await waitFor(() => expect(lookups).toHaveLength(2));
    expect(lookups[1]).toEqual([{ lot: 'Peinture', designation: 'Carrelage de la cuisine', unit: 'm²', product_id: null }]);
    expect(await within(screen.getByTestId('row-1-1')).findByTestId('price-reference')).toBeTruthy();
  });

  it('sets a new line’s price to the median in one click, and compares the lot and the quote', async () => {
    const user = userEvent.setup();
    renderEditor(smallDraft());
    const lot = screen.getAllByTestId('quote-lot')[0]!;
    const newLine = within(lot).getAllByTestId('quote-line')[1]!;
    await user.click(
      await within(newLine).findByRole('button', { name: 'Utiliser la médiane (\u206645,00 €\u2069) comme prix unitaire de « Faïence murale »' }),
    );
    expect(within(newLine).getByRole('textbox', { name: 'Prix unitaire HT' })).toHaveProperty('value', '45,00');
    expect(within(newLine).getByTestId('price-placement').getAttribute('data-placement')).toBe('within');
    expect(within(newLine).queryByRole('button', { name: /Utiliser la médiane/ })).toBeNull();
    expect(within(lot).getByTestId('lot-price-reference').textContent).toBe(
      '● Lot dans la fourchette de référence (\u20660 %\u2069 sur la médiane), 2 lignes sur 4',
    );
    // The whole quote: its 3 referenced lines out of 8.
    expect(screen.getByTestId('quote-price-reference').textContent).toContain(
      'Devis dans la fourchette de référence (\u20660 %\u2069 sur la médiane), 3 lignes sur 8',
    );
    expect(lookups).toHaveLength(1);
  });

  it('shows no reference but one note with a link to the setting when the architect does not take part', async () => {
    optedOut = true;
    renderEditor(smallDraft());
    expect(await screen.findByTestId('price-references-opted-out')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Modifier ce réglage' }).getAttribute('href')).toBe('/devis/parametre');
    expect(screen.queryAllByTestId('price-reference')).toHaveLength(0);
    expect(screen.queryByTestId('quote-price-reference')).toBeNull();
  });

  it('writes the sentence in Arabic with the amounts in order', async () => {
    renderWithProviders(
      <QuoteEditor
        initialDraft={smallDraft()}
        savedJson=""
        quoteId={42}
        projectId={9}
        revision={1}
        detail={detail}
        clientName="Jeanne Dupont"
        readOnly={false}
        onReload={() => {}}
      />,
      { route: '/devis/42/modifier', lng: 'ar' },
    );
    const sentence = (await screen.findAllByTestId('price-reference-sentence'))[0]!;
    expect(sentence.textContent).toMatch(
      /^السعر المرجعي في \u2068Rhône\u2069: من \u206638\s€\u2069 إلى \u206652\s€\u2069 دون ضريبة لكل \u2068m²\u2069 \(الوسيط \u206645\s€\u2069، 27 عرض سعر\)$/,
    );
  });
});
