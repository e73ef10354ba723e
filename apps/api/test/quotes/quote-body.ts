import { computeQuoteTotals, type QuoteUnit, type TvaRate } from '@ouvrage/domain';

export interface LineSpec {
  designation: string;
  quantity_milli: number;
  unit: QuoteUnit;
  unit_price_cents: number;
  tva_rate_bp: TvaRate;
  discount_bp?: number;
  optional?: boolean;
  product_id?: number | null;
}

/** The totals the editor would send, computed with the domain code as the browser does. */
export function expectedTotals(lots: Array<{ title: string; lines: LineSpec[] }>) {
  const t = computeQuoteTotals(
    lots.map((lot) => ({
      title: lot.title,
      lines: lot.lines.map((l) => ({
        designation: l.designation,
        quantityMilli: l.quantity_milli,
        unit: l.unit,
        unitPriceCents: l.unit_price_cents,
        tvaRateBp: l.tva_rate_bp,
        discountBp: l.discount_bp ?? 0,
        optional: l.optional ?? false,
      })),
    })),
  );
  return { total_ht_cents: t.totalHtCents, total_tva_cents: t.totalTvaCents, total_ttc_cents: t.totalTtcCents };
}

/** Three lots, two TVA rates (20 % and 10 %), one option and one discounted line. */
export const threeLots: Array<{ title: string; lines: LineSpec[] }> = [
  {
    title: 'Démolition',
    lines: [{ designation: 'Dépose de la cuisine existante', quantity_milli: 1000, unit: 'forfait', unit_price_cents: 85_000, tva_rate_bp: 1000 }],
  },
  {
    title: 'Plomberie',
    lines: [
      { designation: 'Alimentation et évacuation évier', quantity_milli: 1000, unit: 'forfait', unit_price_cents: 64_000, tva_rate_bp: 1000 },
      { designation: 'Robinetterie thermostatique', quantity_milli: 2000, unit: 'u', unit_price_cents: 18_990, tva_rate_bp: 2000, discount_bp: 1000 },
    ],
  },
  {
    title: 'Revêtements',
    lines: [
      { designation: 'Carrelage grès cérame 60×60', quantity_milli: 12_500, unit: 'm²', unit_price_cents: 5_490, tva_rate_bp: 1000 },
      { designation: 'Crédence en verre laqué', quantity_milli: 3_200, unit: 'ml', unit_price_cents: 21_000, tva_rate_bp: 1000, optional: true },
    ],
  },
];

export function quoteContent(overrides: Record<string, unknown> = {}, lots = threeLots) {
  return {
    title: 'Rénovation de la cuisine',
    kind: 'travaux',
    lots,
    validity_days: 30,
    deposit_bp: 3000,
    payment_terms: 'Acompte de 30 % à la signature, solde à la réception.',
    late_penalty_bp: 1000,
    retention_bp: 0,
    expected_totals: expectedTotals(lots),
    ...overrides,
  };
}
