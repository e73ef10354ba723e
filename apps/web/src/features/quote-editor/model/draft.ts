import type { PostalAddress, QuoteContentBody, QuoteDetail, QuoteSettings } from '@ouvrage/contracts';
import {
  computeQuoteTotals,
  depositCents,
  isTvaRate,
  QUOTE_UNITS,
  quoteAmountsRefusal,
  quoteGaps,
  reducedTvaCertification,
  withTravelCosts,
  type QuoteUnit,
  type Refusal,
  type Totals,
  type TvaRate,
} from '@ouvrage/domain';

/**
 * What the editor holds while the architect types (decision 0525): the quote's content with a
 * stable client-side `key` per lot and line (reordering and React lists need one; server ids change
 * with every save), numbers already in the API's units (cents, thousandths, basis points).
 */
export interface DraftLine {
  key: string;
  product_id: number | null;
  designation: string;
  description: string;
  /** Null while the field is empty. */
  quantity_milli: number | null;
  unit: QuoteUnit;
  unit_price_cents: number | null;
  tva_rate_bp: TvaRate;
  discount_bp: number;
  optional: boolean;
}

export interface DraftLot {
  key: string;
  title: string;
  lines: DraftLine[];
}

export interface DraftAddress {
  street: string;
  postcode: string;
  city: string;
}

export interface QuoteDraft {
  title: string;
  kind: 'travaux' | 'depannage';
  client_address: DraftAddress;
  site_address: DraftAddress;
  lots: DraftLot[];
  validity_days: number;
  deposit_bp: number;
  payment_terms: string;
  late_penalty_bp: number;
  retention_bp: number;
  free_text: string;
  general_conditions: string;
  is_free: boolean;
  quote_price_cents: number | null;
  travel_cost_cents: number | null;
  /** `YYYY-MM-DD` or '' (decision 1043). */
  works_start_date: string;
  works_duration_days: number | null;
  /** A dépannage the consumer asked for urgently at home (decision 1042). */
  urgent_repair: boolean;
}

let counter = 0;
/** A key unique in this page (never sent to the API). */
export function newKey(prefix: 'lot' | 'line'): string {
  counter += 1;
  return `${prefix}-${counter}`;
}

const addressOf = (a: PostalAddress | null | undefined): DraftAddress => ({ street: a?.street ?? '', postcode: a?.postcode ?? '', city: a?.city ?? '' });
const unitOf = (u: string): QuoteUnit => ((QUOTE_UNITS as readonly string[]).includes(u) ? (u as QuoteUnit) : 'u');
const rateOf = (r: number): TvaRate => (isTvaRate(r) ? r : 2000);

export function emptyLine(): DraftLine {
  return {
    key: newKey('line'),
    product_id: null,
    designation: '',
    description: '',
    quantity_milli: 1000,
    unit: 'u',
    unit_price_cents: null,
    tva_rate_bp: 2000,
    discount_bp: 0,
    optional: false,
  };
}

export function emptyLot(title = ''): DraftLot {
  return { key: newKey('lot'), title, lines: [] };
}

/** A new quote for a project: addresses from the project, conditions from the settings. */
export function newDraft(input: {
  title?: string;
  clientAddress: PostalAddress | null;
  siteAddress: PostalAddress | null;
  settings: QuoteSettings | undefined;
}): QuoteDraft {
  const s = input.settings;
  return {
    title: input.title ?? '',
    kind: 'travaux',
    client_address: addressOf(input.clientAddress),
    site_address: addressOf(input.siteAddress),
    lots: [emptyLot()],
    validity_days: s?.validity_days ?? 30,
    deposit_bp: s?.deposit_bp ?? 3000,
    payment_terms: s?.payment_terms ?? '',
    late_penalty_bp: s?.late_penalty_bp ?? 0,
    retention_bp: s?.retention_bp ?? 0,
    free_text: s?.free_text ?? '',
    general_conditions: s?.general_conditions ?? '',
    is_free: true,
    quote_price_cents: null,
    travel_cost_cents: null,
    works_start_date: '',
    works_duration_days: null,
    urgent_repair: false,
  };
}

/** The editor's state from a stored quote. */
export function draftFromDetail(q: QuoteDetail): QuoteDraft {
  return {
    title: q.title,
    kind: q.kind,
    client_address: addressOf(q.client.address),
    site_address: addressOf(q.site_address),
    // The travel-costs lot is the travel-costs field, not a lot the architect edits (decision 1002).
    lots: q.lots
      .filter((lot) => !lot.travel)
      .map((lot) => ({
        key: newKey('lot'),
        title: lot.title,
        lines: lot.lines.map((l) => ({
          key: newKey('line'),
          product_id: l.product_id,
          designation: l.designation,
          description: l.description,
          // A quantity not given yet is saved as 0 (decision 1203): the field shows empty again.
          quantity_milli: l.quantity_milli > 0 ? l.quantity_milli : null,
          unit: unitOf(l.unit),
          unit_price_cents: l.unit_price_cents,
          tva_rate_bp: rateOf(l.tva_rate_bp),
          discount_bp: l.discount_bp,
          optional: l.optional,
        })),
      })),
    validity_days: q.validity_days,
    deposit_bp: q.deposit_bp,
    payment_terms: q.payment_terms,
    late_penalty_bp: q.late_penalty_bp,
    retention_bp: q.retention_bp,
    free_text: q.free_text,
    general_conditions: q.general_conditions,
    is_free: q.is_free,
    quote_price_cents: q.quote_price_cents,
    travel_cost_cents: q.travel_cost_cents,
    works_start_date: q.works_start_date ?? '',
    works_duration_days: q.works_duration_days,
    urgent_repair: q.urgent_repair,
  };
}

/** A blank address is « none »; a partly filled one is sent as typed so the API names the missing part. */
function addressBody(a: DraftAddress): PostalAddress | null {
  if (!a.street.trim() && !a.postcode.trim() && !a.city.trim()) return null;
  return { street: a.street, postcode: a.postcode, city: a.city };
}

/** The lots as the domain's totals read them: an empty quantity or price counts as 0. */
type TotalsSource = Pick<QuoteDraft, 'lots' | 'deposit_bp'> & Partial<Pick<QuoteDraft, 'kind' | 'travel_cost_cents'>>;

function totalsInput(draft: TotalsSource) {
  const lots = draft.lots.map((lot) => ({
    title: lot.title,
    lines: lot.lines.map((l) => ({
      designation: l.designation,
      quantityMilli: l.quantity_milli ?? 0,
      unit: l.unit,
      unitPriceCents: l.unit_price_cents ?? 0,
      tvaRateBp: l.tva_rate_bp,
      discountBp: l.discount_bp,
      optional: l.optional,
    })),
  }));
  // A repair quote's travel costs count as a lot of their own, as the API counts them (decision 1002).
  return withTravelCosts(lots, draft.kind === 'depannage' ? (draft.travel_cost_cents ?? null) : null);
}

export interface DraftTotals extends Totals {
  lots: Array<{ title: string; subtotalHtCents: number }>;
  /** HT amount of the optional lines (not counted). */
  optionsHtCents: number;
  depositCents: number;
  /** Why these amounts cannot be sent (a negative total, lot or rate), shown before the API says it. */
  amountsRefusal: Refusal | null;
}

/** The live totals: the domain's `computeQuoteTotals`, the very code the API recomputes with. */
export function draftTotals(draft: TotalsSource): DraftTotals {
  const lots = totalsInput(draft);
  const totals = computeQuoteTotals(lots);
  const optionsHtCents = totals.lines.reduce((sum, l) => (l.counted ? sum : sum + l.netCents), 0);
  return {
    ...totals,
    optionsHtCents,
    depositCents: depositCents(totals.totalTtcCents, draft.deposit_bp),
    amountsRefusal: totals.lines.some((l) => l.counted) ? quoteAmountsRefusal(lots, totals) : null,
  };
}

/** What the draft still lacks before it can be sent (decision 1203), keyed as the fields' errors: `lot:<key>.title`, `line:<key>.<field>`. */
export interface DraftGaps {
  byField: Record<string, Refusal>;
  /** Lines with a gap, and lots without a title. */
  lines: number;
  lots: number;
}

/** The domain's `quoteGaps` on the draft: saved as typed, these places are marked and keep it from being sent. */
export function draftGaps(draft: Pick<QuoteDraft, 'lots'>): DraftGaps {
  const gaps = quoteGaps(totalsInput({ lots: draft.lots, deposit_bp: 0 }));
  const byField: Record<string, Refusal> = {};
  let lines = 0;
  let lots = 0;
  for (const gap of gaps) {
    const lot = draft.lots[gap.lot];
    if (gap.line === undefined) {
      lots += 1;
      byField[`lot:${lot.key}.title`] = gap.refusal;
    } else {
      lines += 1;
      byField[`line:${lot.lines[gap.line].key}.${gap.field}`] = gap.refusal;
    }
  }
  return { byField, lines, lots };
}

/** The certification the client will sign when a line is at 10 % or 5,5 %. */
export function draftCertification(draft: Pick<QuoteDraft, 'lots'>): string | null {
  return reducedTvaCertification(draft.lots.flatMap((lot) => lot.lines.map((l) => l.tva_rate_bp)));
}

/** The body of `POST api/devis` / `PATCH api/update-devis/{id}` (without project or revision). */
export function contentBody(draft: QuoteDraft): QuoteContentBody {
  const totals = draftTotals(draft);
  return {
    title: draft.title,
    kind: draft.kind,
    client_address: addressBody(draft.client_address),
    site_address: addressBody(draft.site_address),
    lots: draft.lots.map((lot) => ({
      title: lot.title,
      lines: lot.lines.map((l) => ({
        product_id: l.product_id,
        designation: l.designation,
        description: l.description,
        quantity_milli: l.quantity_milli ?? 0,
        unit: l.unit,
        unit_price_cents: l.unit_price_cents ?? 0,
        tva_rate_bp: l.tva_rate_bp,
        discount_bp: l.discount_bp,
        optional: l.optional,
      })),
    })),
    validity_days: draft.validity_days,
    deposit_bp: draft.deposit_bp,
    payment_terms: draft.payment_terms,
    late_penalty_bp: draft.late_penalty_bp,
    retention_bp: draft.retention_bp,
    free_text: draft.free_text,
    general_conditions: draft.general_conditions,
    is_free: draft.is_free,
    quote_price_cents: draft.is_free ? null : draft.quote_price_cents,
    travel_cost_cents: draft.kind === 'depannage' ? draft.travel_cost_cents : null,
    works_start_date: draft.works_start_date || null,
    works_duration_days: draft.works_duration_days,
    urgent_repair: draft.kind === 'depannage' && draft.urgent_repair,
    expected_totals: { total_ht_cents: totals.totalHtCents, total_tva_cents: totals.totalTvaCents, total_ttc_cents: totals.totalTtcCents },
  };
}

/**
 * The API names a bad field by its position (`lots.1.lines.0.quantity_milli`); lots and lines may
 * have moved since, so positions are turned into the keys they had in the draft that was sent:
 * `lot:<key>.title`, `line:<key>.quantity_milli`. Other fields keep their name.
 */
export function fieldsByKey(fields: Record<string, string>, sent: Pick<QuoteDraft, 'lots'>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const line = /^lots\.(\d+)\.lines\.(\d+)\.(.+)$/.exec(path);
    const lot = /^lots\.(\d+)\.(.+)$/.exec(path);
    if (line) {
      const key = sent.lots[Number(line[1])]?.lines[Number(line[2])]?.key;
      out[key ? `line:${key}.${line[3]}` : path] = message;
    } else if (lot) {
      const key = sent.lots[Number(lot[1])]?.key;
      out[key ? `lot:${key}.${lot[2]}` : path] = message;
    } else out[path] = message;
  }
  return out;
}

/** `items` with the element at `from` moved to `to` (a new array; out-of-range moves change nothing). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}
