import type { QuoteDetail, QuoteLine, QuoteTotals } from '@ouvrage/contracts';
import { computeQuoteTotals, depositCents, type QuoteUnit, reducedTvaCertification, type Totals, type TvaRate } from '@ouvrage/domain';

/**
 * A realistic quote as the quotes module answers it (`QuoteDetail`), its totals computed with the
 * domain code: 3 lots, lines at 20 % and 10 %, discounts, an optional line and a deduction line.
 */
export interface LineSpec {
  designation: string;
  description?: string;
  quantityMilli: number;
  unit: QuoteUnit;
  unitPriceCents: number;
  tvaRateBp: TvaRate;
  discountBp?: number;
  optional?: boolean;
  chosen?: boolean;
}

export const RENOVATION_LOTS: Array<{ title: string; lines: LineSpec[] }> = [
  {
    title: 'Démolition et gros œuvre',
    lines: [
      {
        designation: 'Dépose de la cloison existante',
        description: 'Cloison en carreaux de plâtre, évacuation des gravats en déchetterie.',
        quantityMilli: 12_500,
        unit: 'm²',
        unitPriceCents: 3_850,
        tvaRateBp: 1000,
      },
      {
        designation: 'Ouverture d’un mur porteur avec pose d’un IPN',
        quantityMilli: 1_000,
        unit: 'forfait',
        unitPriceCents: 345_000,
        tvaRateBp: 1000,
        discountBp: 500,
      },
      { designation: 'Moins-value : reprise des briques récupérées', quantityMilli: 1_000, unit: 'forfait', unitPriceCents: -15_000, tvaRateBp: 1000 },
    ],
  },
  {
    title: 'Plomberie',
    lines: [
      {
        designation: 'Fourniture et pose d’un receveur de douche extra-plat',
        description: 'Receveur 120 × 90 cm, bonde et siphon compris.',
        quantityMilli: 1_000,
        unit: 'u',
        unitPriceCents: 68_900,
        tvaRateBp: 1000,
      },
      { designation: 'Alimentation cuivre Ø 14', quantityMilli: 8_125, unit: 'ml', unitPriceCents: 2_475, tvaRateBp: 1000, discountBp: 1250 },
      {
        designation: 'Sèche-serviettes électrique 750 W',
        description: 'Pose comprise.',
        quantityMilli: 1_000,
        unit: 'u',
        unitPriceCents: 42_000,
        tvaRateBp: 1000,
        optional: true,
      },
    ],
  },
  {
    title: 'Électricité',
    lines: [
      { designation: 'Mise en conformité du tableau électrique', quantityMilli: 1_000, unit: 'forfait', unitPriceCents: 125_000, tvaRateBp: 2000 },
      { designation: 'Main-d’œuvre d’électricien', quantityMilli: 6_500, unit: 'h', unitPriceCents: 5_500, tvaRateBp: 2000 },
    ],
  },
];

function totalsOf(t: Totals): QuoteTotals {
  return {
    total_ht_cents: t.totalHtCents,
    total_tva_cents: t.totalTvaCents,
    total_ttc_cents: t.totalTtcCents,
    by_rate: t.byRate.map((r) => ({ rate_bp: r.rateBp, base_cents: r.baseCents, tva_cents: r.tvaCents })),
  };
}

const insurance = (insurer: string, policy: string, address: string) => ({
  insurer,
  insurer_address: address,
  policy_number: policy,
  coverage: 'France métropolitaine',
  valid_from: '2026-01-01',
  valid_until: '2026-12-31',
  has_certificate: true,
});

export function buildQuote(options: { lots?: Array<{ title: string; lines: LineSpec[] }>; overrides?: Partial<QuoteDetail> } = {}): QuoteDetail {
  const specs = options.lots ?? RENOVATION_LOTS;
  const domainLots = specs.map((lot) => ({
    title: lot.title,
    lines: lot.lines.map((l) => ({ ...l, discountBp: l.discountBp ?? 0, optional: !!l.optional && !l.chosen })),
  }));
  const computed = computeQuoteTotals(domainLots);
  let lineId = 100;
  let index = 0;
  const lots = specs.map((lot, lotIndex) => ({
    id: lotIndex + 1,
    title: lot.title,
    subtotal_ht_cents: computed.lots[lotIndex].subtotalHtCents,
    lines: lot.lines.map((l): QuoteLine => ({
      id: (lineId += 1),
      product_id: null,
      designation: l.designation,
      description: l.description ?? '',
      quantity_milli: l.quantityMilli,
      unit: l.unit,
      unit_price_cents: l.unitPriceCents,
      tva_rate_bp: l.tvaRateBp,
      discount_bp: l.discountBp ?? 0,
      optional: !!l.optional,
      chosen: !!l.chosen,
      net_ht_cents: computed.lines[index++].netCents,
    })),
  }));
  const totals = totalsOf(computed);
  const rates = specs.flatMap((l) => l.lines.map((x) => x.tvaRateBp));
  const base: QuoteDetail = {
    id: 7,
    root_id: 7,
    version: 2,
    number: 'D-2026-0007',
    label: 'D-2026-0007 v2',
    status: 'Envoyé',
    title: 'Rénovation de la salle de bains et ouverture du séjour',
    kind: 'travaux',
    project: {
      id: 3,
      title: 'Appartement rue de la Roquette',
      category: 'Rénovation',
      name: { category_name: 'Rénovation', bien_name: 'Appartement', city: 'Paris' },
    },
    issuer: {
      id: 11,
      name: 'Atelier Lœvenbruck Architecture',
      trade_name: 'Atelier L’Œuvre',
      legal_form: 'SARL',
      capital_cents: 1_000_000,
      address: '12 rue des Écoles, 75005 Paris',
      siret: '732 829 320 00074',
      rcs_rm: 'RCS Paris 732 829 320',
      tva_number: 'FR44732829320',
      email: 'contact@atelier-loeuvre.fr',
      phone: '01 42 00 00 00',
      decennale: insurance('MAF Assurances', 'DEC-2026-4471', '189 boulevard Malesherbes, 75017 Paris'),
      rc_pro: insurance('Axa France IARD', 'RCP-889 102', '313 Terrasses de l’Arche, 92727 Nanterre Cedex'),
    },
    client: {
      id: 21,
      name: 'Chloé Dupont-Lefèvre',
      email: 'chloe.dupont@example.fr',
      phone: '06 12 34 56 78',
      address: { street: '4 impasse des Lilas', postcode: '69003', city: 'Lyon' },
    },
    site_address: { street: '58 rue de la Roquette', postcode: '75011', city: 'Paris' },
    lots,
    totals,
    accepted_totals: null,
    deposit_bp: 3000,
    deposit_cents: depositCents(totals.total_ttc_cents, 3000),
    validity_days: 30,
    valid_until: '2026-12-22',
    payment_terms: '30 % à la commande, le solde à la réception des travaux, par virement sous 30 jours.',
    late_penalty_bp: 1200,
    retention_bp: 500,
    free_text: 'Les travaux débuteront sous trois semaines après l’acceptation du devis et le versement de l’acompte.',
    general_conditions: 'Article 1 — Objet. Les présentes conditions s’appliquent aux travaux décrits au devis.',
    is_free: true,
    quote_price_cents: null,
    travel_cost_cents: null,
    works_start_date: '2027-01-11',
    works_duration_days: 15,
    urgent_repair: false,
    client_type: 'particulier',
    mediator: {
      name: 'Médiation de la consommation du bâtiment',
      website: 'https://www.mediateur-batiment.example',
      address: '10 rue de la Paix, 75002 Paris',
    },
    accent_color: '#2f6f4e',
    has_logo: false,
    reduced_tva_certification: reducedTvaCertification(rates),
    revision: 4,
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-22T09:00:00.000Z',
    sent_at: '2026-11-22T09:30:00.000Z',
    accepted_at: null,
    refused_at: null,
    refusal_reason: null,
    cancelled_at: null,
    cancel_reason: null,
    validated_at: null,
    signed_at: null,
    versions: [],
    missing_mentions: [],
    can: { edit: false, delete: false, send: false, accept: true, refuse: true, cancel: false, validate: false, new_version: false, sign: false },
  };
  return { ...base, ...options.overrides };
}

/** `count` lines spread over 5 lots, at 20 % and 10 %, with long descriptions now and then. */
export function manyLines(count: number): Array<{ title: string; lines: LineSpec[] }> {
  const titles = ['Gros œuvre', 'Plâtrerie', 'Plomberie', 'Électricité', 'Peinture'];
  return titles.map((title, lot) => ({
    title,
    lines: Array.from({ length: Math.ceil(count / titles.length) }, (_, i) => i)
      .filter((i) => lot * Math.ceil(count / titles.length) + i < count)
      .map((i) => ({
        designation: `${title} — poste ${i + 1}`,
        description: i % 4 === 0 ? 'Fourniture et pose, y compris protections, nettoyage du chantier et évacuation des déchets en centre agréé.' : undefined,
        quantityMilli: 1_000 + i * 125,
        unit: (['m²', 'ml', 'u', 'h'] as const)[i % 4],
        unitPriceCents: 1_990 + i * 37,
        tvaRateBp: i % 3 === 0 ? 2000 : 1000,
        discountBp: i % 5 === 0 ? 500 : 0,
      })),
  }));
}
