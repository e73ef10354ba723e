import { z } from 'zod';
import { PRICE_REFERENCE_LIMITS, QUOTE_UNITS } from '@ouvrage/domain';
import { idParam, paginated, paginationQuery } from './common';
import { defineEndpoint } from './endpoint';
import { priceReferenceLines } from './routes/price-references';

/**
 * Price references (issue 40, decision 1240). A figure is the median and the interquartile range
 * (Q1–Q3) of the unit price HT of one normalised line (lot, unit, designation) in a zone over a
 * period, from at least 5 sent quotes of at least 3 issuers, none above half of them; rounded, and
 * recomputed on a schedule. The API sends codes and figures; the web composes the sentence.
 */

export const PRICE_REFERENCE_LEVELS = ['departement', 'region', 'france'] as const;
export type PriceReferenceLevel = (typeof PRICE_REFERENCE_LEVELS)[number];
/** `12m`: the twelve months before the last refresh; `36m`: the thirty-six (the widened period). */
export const PRICE_REFERENCE_WINDOWS = ['12m', '36m'] as const;

/** One published figure: the narrowest safe level for the line's zone. */
export const priceReference = z.object({
  level: z.enum(PRICE_REFERENCE_LEVELS),
  /** INSEE code of the département or region; `FR` for France. */
  zone_code: z.string(),
  /** « Rhône », « Auvergne-Rhône-Alpes », « France » (proper nouns). */
  zone_name: z.string(),
  period: z.enum(PRICE_REFERENCE_WINDOWS),
  unit: z.enum(QUOTE_UNITS),
  median_cents: z.number().int(),
  q1_cents: z.number().int(),
  q3_cents: z.number().int(),
  /** How many quotes are behind the figure (one value per quote). */
  quotes: z.number().int(),
  /** When the figures were last recomputed (ISO date-time). */
  computed_at: z.string(),
});
export type PriceReference = z.infer<typeof priceReference>;

const text = (max: number) => z.string().max(max, `Au plus ${max} caractères.`).default('');

/** A line as the editor has it (saved or not): what makes its normalised key. */
export const priceReferenceLineInput = z.object({
  lot: text(PRICE_REFERENCE_LIMITS.lot),
  designation: text(PRICE_REFERENCE_LIMITS.designation),
  unit: z.enum(QUOTE_UNITS, { error: 'Unité inconnue.' }),
  product_id: z.number().int().positive().max(2_147_483_647).nullish(),
});
export type PriceReferenceLineInput = z.input<typeof priceReferenceLineInput>;

export const priceReferenceLookupBody = z.object({
  lines: z
    .array(priceReferenceLineInput, { error: 'Les lignes sont une liste.' })
    .max(PRICE_REFERENCE_LIMITS.lines, `Au plus ${PRICE_REFERENCE_LIMITS.lines} lignes à la fois.`),
});
export type PriceReferenceLookupBody = z.input<typeof priceReferenceLookupBody>;

export const priceReferenceLookup = z.object({
  /** The architect does not contribute: he reads no reference either (every line `null`). */
  opted_out: z.boolean(),
  /** The project's département (INSEE code) the references start from. */
  departement: z.string(),
  /** In the order of the body's lines: the reference, or null when no zone has a safe figure. */
  lines: z.array(priceReference.nullable()),
});
export type PriceReferenceLookup = z.infer<typeof priceReferenceLookup>;

export const PRICE_PLACEMENTS = ['below', 'within', 'above'] as const;
export type PricePlacement = (typeof PRICE_PLACEMENTS)[number];

/** A lot of a quote against the references: only the lines that have one are counted. */
export const lotPlacement = z.object({
  lot_title: z.string(),
  /** Sum over the referenced lines of quantity × unit price HT (after discount). */
  priced_cents: z.number().int(),
  /** The same lines at the references' Q1, median and Q3. */
  q1_cents: z.number().int(),
  median_cents: z.number().int(),
  q3_cents: z.number().int(),
  referenced_lines: z.number().int(),
  lines: z.number().int(),
  /** null when no line of the lot has a reference. */
  placement: z.enum(PRICE_PLACEMENTS).nullable(),
  /** The widest level used by the lot's lines (what the sentence names). */
  level: z.enum(PRICE_REFERENCE_LEVELS).nullable(),
  zone_name: z.string().nullable(),
});
export type LotPlacement = z.infer<typeof lotPlacement>;

export const projectPriceComparison = z.object({
  departement: z.string(),
  quotes: z.array(z.object({ quote_id: z.number().int(), lots: z.array(lotPlacement) })),
});
export type ProjectPriceComparison = z.infer<typeof projectPriceComparison>;

export const priceReferenceParticipation = z.object({
  contributes: z.boolean(),
  /** When the architect stopped contributing (ISO), or null. */
  opted_out_at: z.string().nullable(),
});
export type PriceReferenceParticipation = z.infer<typeof priceReferenceParticipation>;
export const priceReferenceParticipationBody = z.object({ contributes: z.boolean({ error: 'Indiquez si vous participez.' }) });

const zoneQuery = {
  niveau: z.enum(PRICE_REFERENCE_LEVELS, { error: 'Niveau inconnu : departement, region ou france.' }).default('france'),
  zone: z.string().trim().max(3, 'Zone inconnue.').optional(),
};

export const priceTrendsQuery = z.object({ lot: z.string().trim().max(PRICE_REFERENCE_LIMITS.lot).optional(), ...zoneQuery });
/** Quarterly figures (`2026-T3`) of each normalised line of a lot in a zone, published ones only. */
export const priceTrends = z.object({
  lots: z.array(z.object({ key: z.string(), label: z.string(), lines: z.number().int() })),
  lot: z.string().nullable(),
  lines: z.array(
    z.object({
      line_key: z.string(),
      label: z.string(),
      unit: z.enum(QUOTE_UNITS),
      points: z.array(
        z.object({ quarter: z.string(), median_cents: z.number().int(), q1_cents: z.number().int(), q3_cents: z.number().int(), quotes: z.number().int() }),
      ),
    }),
  ),
});
export type PriceTrends = z.infer<typeof priceTrends>;

/** How many lines of the quotes sent in the last twelve months have a reference, overall and per lot. */
export const priceCoverage = z.object({
  lines: z.number().int(),
  referenced_lines: z.number().int(),
  by_lot: z.array(z.object({ lot: z.string(), lines: z.number().int(), referenced_lines: z.number().int() })),
  last_run: z
    .object({
      started_at: z.string(),
      finished_at: z.string().nullable(),
      quotes_collected: z.number().int(),
      keys_refreshed: z.number().int(),
      cells_published: z.number().int(),
      duration_ms: z.number().int().nullable(),
    })
    .nullable(),
});
export type PriceCoverage = z.infer<typeof priceCoverage>;

export const priceOutliersQuery = paginationQuery.extend({ statut: z.enum(['candidats', 'exclus']).default('candidats') });
/** A contribution far from its line's figure (outside Q1 − 3·IQR … Q3 + 3·IQR), or excluded. */
export const priceOutlier = z.object({
  id: z.number().int(),
  line_key: z.string(),
  label: z.string(),
  unit: z.enum(QUOTE_UNITS),
  departement: z.string(),
  unit_price_cents: z.number().int(),
  median_cents: z.number().int().nullable(),
  quote_id: z.number().int(),
  quote_number: z.string().nullable(),
  issuer_name: z.string(),
  sent_on: z.string(),
  excluded_at: z.string().nullable(),
  exclusion_reason: z.string().nullable(),
});
export type PriceOutlier = z.infer<typeof priceOutlier>;
export const priceExclusionBody = z.object({
  reason: z
    .string({ error: 'Indiquez pourquoi ce prix est écarté.' })
    .trim()
    .min(3, 'Indiquez pourquoi ce prix est écarté.')
    .max(PRICE_REFERENCE_LIMITS.reason, `Au plus ${PRICE_REFERENCE_LIMITS.reason} caractères.`),
});
export const priceRefreshResult = z.object({ quotes_collected: z.number().int(), keys_refreshed: z.number().int(), cells_published: z.number().int() });

const errors = [400, 401, 403, 404, 409] as const;

export const priceReferenceEndpoints = {
  quoteLookup: defineEndpoint({ ...priceReferenceLines.quoteLookup, params: idParam, body: priceReferenceLookupBody, response: priceReferenceLookup, errors }),
  projectComparison: defineEndpoint({ ...priceReferenceLines.projectComparison, params: idParam, response: projectPriceComparison, errors }),
  participation: defineEndpoint({ ...priceReferenceLines.participation, response: priceReferenceParticipation, errors }),
  setParticipation: defineEndpoint({
    ...priceReferenceLines.setParticipation,
    body: priceReferenceParticipationBody,
    response: priceReferenceParticipation,
    errors,
  }),
  adminTrends: defineEndpoint({ ...priceReferenceLines.adminTrends, query: priceTrendsQuery, response: priceTrends, errors }),
  adminCoverage: defineEndpoint({ ...priceReferenceLines.adminCoverage, response: priceCoverage, errors }),
  adminOutliers: defineEndpoint({ ...priceReferenceLines.adminOutliers, query: priceOutliersQuery, response: paginated(priceOutlier), errors }),
  adminExclude: defineEndpoint({ ...priceReferenceLines.adminExclude, params: idParam, body: priceExclusionBody, response: priceOutlier, errors }),
  adminRestore: defineEndpoint({ ...priceReferenceLines.adminRestore, params: idParam, response: priceOutlier, errors }),
  adminRefresh: defineEndpoint({ ...priceReferenceLines.adminRefresh, response: priceRefreshResult, errors }),
};
