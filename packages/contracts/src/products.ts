import { z } from 'zod';
import { PRODUCT_LOTS, QUOTE_UNITS, TVA_RATES, MAX_AMOUNT_CENTS } from '@ouvrage/domain';
import { idParam, okMessage, paginated, paginationQuery } from './common';
import { defineEndpoint } from './endpoint';
import { productLines } from './routes/products';

const MAX_UNIT_PRICE_CENTS = Math.min(MAX_AMOUNT_CENTS, 2_147_483_647);

/** A product of the catalogue (decision 0500): price in cents HT, TVA in basis points. */
export const productItem = z.object({
  id: z.number().int(),
  owner_id: z.number().int().nullable(),
  /** A platform product (no owner): read-only for architects. */
  platform: z.boolean(),
  /** Whether the caller may change or delete it. */
  editable: z.boolean(),
  name: z.string(),
  description: z.string(),
  reference: z.string(),
  lot: z.string(),
  unit: z.string(),
  unit_price_cents: z.number().int(),
  tva_rate_bp: z.number().int(),
  archived: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProductItem = z.infer<typeof productItem>;

const productFields = z.object({
  name: z
    .string({ error: 'Le nom est obligatoire.' })
    .trim()
    // An empty name says so first (the first issue of a field is the one shown).
    .min(1, 'Le nom est obligatoire.')
    .min(2, 'Le nom doit comporter au moins 2 caractères.')
    .max(120, 'Le nom ne peut pas dépasser 120 caractères.'),
  description: z.string({ error: 'La description doit être un texte.' }).trim().max(2000, 'La description ne peut pas dépasser 2 000 caractères.'),
  reference: z.string({ error: 'La référence doit être un texte.' }).trim().max(60, 'La référence ne peut pas dépasser 60 caractères.'),
  lot: z.enum(PRODUCT_LOTS, { error: `Le lot doit être l'un de : ${PRODUCT_LOTS.join(', ')}.` }),
  unit: z.enum(QUOTE_UNITS, { error: `L'unité doit être l'une de : ${QUOTE_UNITS.join(', ')}.` }),
  unit_price_cents: z
    .number({ error: 'Le prix unitaire HT est obligatoire.' })
    .int('Le prix unitaire HT doit être en centimes entiers.')
    .min(0, 'Le prix unitaire HT ne peut pas être négatif.')
    .max(MAX_UNIT_PRICE_CENTS, 'Le prix unitaire HT est trop élevé.'),
  tva_rate_bp: z
    .number({ error: 'Le taux de TVA est obligatoire.' })
    .refine((v) => (TVA_RATES as readonly number[]).includes(v), 'Le taux de TVA doit être 20 %, 10 %, 5,5 % ou 0 %.'),
});

export const saveProductBody = productFields.extend({
  description: productFields.shape.description.default(''),
  reference: productFields.shape.reference.default(''),
});
export type SaveProductBody = z.input<typeof saveProductBody>;

/** Only the fields sent change (no defaults here, so that a PATCH never blanks a field). */
export const updateProductBody = productFields.partial().extend({
  /** Restore an archived product (false) or archive it (true). */
  archived: z.boolean({ error: 'Archivé doit valoir vrai ou faux.' }).optional(),
});

export const productListQuery = paginationQuery.extend({
  search: z.string().trim().max(100, 'La recherche compte au plus 100 caractères.').optional(),
  lot: z.enum(PRODUCT_LOTS, { error: 'Ce lot est inconnu.' }).optional(),
  archived: z.enum(['true', 'false'], { error: 'archived vaut true ou false.' }).optional(),
});

export const productExportQuery = productListQuery.omit({ page: true, per_page: true });

export const productImportResult = z.object({ imported: z.number().int(), message: z.string() });

const errors = [400, 401, 403] as const;

export const productEndpoints = {
  listProducts: defineEndpoint({ ...productLines.listProducts, query: productListQuery, response: paginated(productItem), errors }),
  createProduct: defineEndpoint({ ...productLines.createProduct, body: saveProductBody, response: productItem, status: 201, errors }),
  getProduct: defineEndpoint({ ...productLines.getProduct, params: idParam, response: productItem, errors: [...errors, 404] }),
  updateProduct: defineEndpoint({
    ...productLines.updateProduct,
    params: idParam,
    body: updateProductBody,
    response: productItem,
    errors: [...errors, 404, 409],
  }),
  deleteProduct: defineEndpoint({
    ...productLines.deleteProduct,
    params: idParam,
    response: okMessage.extend({ archived: z.boolean() }),
    errors: [...errors, 404, 409],
  }),
  importProducts: defineEndpoint({
    ...productLines.importProducts,
    response: productImportResult,
    status: 201,
    errors: [...errors, 413, 415],
  }),
};
