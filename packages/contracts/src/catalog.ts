import { z } from 'zod';
import { idParam, okMessage, paginated, paginationQuery } from './common';
import { defineEndpoint } from './endpoint';
import { catalogLines } from './routes/catalog';

const name = z
  .string({ error: 'Le nom est obligatoire.' })
  .trim()
  .min(2, 'Le nom doit comporter au moins 2 caractères.')
  .max(80, 'Le nom ne peut pas dépasser 80 caractères.');
const description = z.string().trim().max(1000, 'La description ne peut pas dépasser 1 000 caractères.').default('');
const icon = z
  .string()
  .trim()
  .max(60, "Le nom d'icône ne peut pas dépasser 60 caractères.")
  .regex(/^[a-z0-9-]*$/, "Le nom d'icône ne peut contenir que des minuscules, chiffres et tirets.")
  .nullable()
  .optional();
const position = z
  .number({ error: "L'ordre doit être un nombre." })
  .int("L'ordre doit être un nombre entier.")
  .min(0, "L'ordre doit être positif.")
  .max(9999)
  .default(0);
/** A translated name: empty (not translated, the French one is shown) or 2 to 80 characters. */
const translatedName = z
  .string()
  .trim()
  .max(80, 'Le nom traduit ne peut pas dépasser 80 caractères.')
  .refine((v) => v === '' || v.length >= 2, 'Le nom traduit doit comporter au moins 2 caractères, ou rester vide.')
  .default('');
const translatedDescription = z.string().trim().max(1000, 'La description traduite ne peut pas dépasser 1 000 caractères.').default('');
const catalogText = z.object({ name: translatedName, description: translatedDescription });

/**
 * English and Arabic name and description, filled by the admin (issue 15, decision 0925). An
 * empty text is « not translated »: the web shows the French one instead. Answers always carry
 * both languages, requests may leave either out.
 */
export const catalogTranslations = z.object({
  en: catalogText.default({ name: '', description: '' }),
  ar: catalogText.default({ name: '', description: '' }),
});
export type CatalogTranslationsDto = z.infer<typeof catalogTranslations>;
/** In a save request, a language left out keeps what it had (nothing for a new item). */
const translationsInput = z.object({ en: catalogText.optional(), ar: catalogText.optional() }).optional();

const ids = (message: string) =>
  z
    .array(z.number({ error: message }).int(message).positive(message))
    .max(100)
    .default([]);

/** A project category (Construction, Extension…) with the goods it applies to. */
export const categoryItem = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  translations: catalogTranslations,
  icon: z.string().nullable(),
  image_path: z.string().nullable(),
  position: z.number().int(),
  active: z.boolean(),
  biens: z.array(z.number().int()),
  projects_count: z.number().int(),
});
export type CategoryItem = z.infer<typeof categoryItem>;

/** What the journey shows: active categories only. */
export const publicCategory = categoryItem.pick({
  id: true,
  slug: true,
  name: true,
  description: true,
  translations: true,
  icon: true,
  image_path: true,
  position: true,
});
export type PublicCategory = z.infer<typeof publicCategory>;

export const bienItem = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  translations: catalogTranslations,
  icon: z.string().nullable(),
  position: z.number().int(),
  active: z.boolean(),
  categories: z.array(z.number().int()),
  projects_count: z.number().int(),
});
export type BienItem = z.infer<typeof bienItem>;

export const publicBien = bienItem.pick({ id: true, slug: true, name: true, description: true, translations: true, icon: true, position: true });
export type PublicBien = z.infer<typeof publicBien>;

/**
 * Every category's and good's French name with its translations, active or not: the labels that
 * projects, tenders and lists carry by their French name, shown in the reader's language.
 */
export const catalogLabel = z.object({ id: z.number().int(), slug: z.string(), name: z.string(), description: z.string(), translations: catalogTranslations });
export type CatalogLabel = z.infer<typeof catalogLabel>;
export const catalogLabels = z.object({ categories: z.array(catalogLabel), biens: z.array(catalogLabel) });
export type CatalogLabels = z.infer<typeof catalogLabels>;

export const saveCategoryBody = z.object({
  name,
  description,
  translations: translationsInput,
  icon,
  position,
  active: z.boolean({ error: 'Indiquez si la catégorie est active.' }).default(true),
  biens: ids('Bien invalide.'),
});
export type SaveCategoryBody = z.input<typeof saveCategoryBody>;

export const updateCategoryBody = saveCategoryBody.extend({
  id: z.number({ error: 'Identifiant invalide.' }).int('Identifiant invalide.').positive('Identifiant invalide.'),
});
export type UpdateCategoryBody = z.input<typeof updateCategoryBody>;

export const saveBienBody = z.object({
  name,
  description,
  translations: translationsInput,
  icon,
  position,
  active: z.boolean({ error: 'Indiquez si le bien est actif.' }).default(true),
  categories: ids('Catégorie invalide.'),
});
export type SaveBienBody = z.input<typeof saveBienBody>;

export const updateBienBody = saveBienBody.extend({
  id: z.number({ error: 'Identifiant invalide.' }).int('Identifiant invalide.').positive('Identifiant invalide.'),
});
export type UpdateBienBody = z.input<typeof updateBienBody>;

export const listCategoryQuery = paginationQuery.extend({
  per_page: z.coerce.number().int().min(1).max(100, 'Au plus 100 éléments par page.').default(100),
  active: z.enum(['true', 'false']).optional(),
});

export const listBienQuery = listCategoryQuery.extend({
  category_id: z.coerce.number({ error: 'Catégorie invalide.' }).int().positive('Catégorie invalide.').optional(),
});

// ---------- endpoints (docs/decisions/0430-endpoint-contracts.md) ----------

const adminErrors = [400, 401, 403] as const;

/** Categories and goods: public reads for the journey, admin management (spec §7). */
export const catalogEndpoints = {
  publicCategories: defineEndpoint({ ...catalogLines.publicCategories, response: z.array(publicCategory), errors: [] }),
  biensOfCategory: defineEndpoint({ ...catalogLines.biensOfCategory, params: idParam, response: z.array(publicBien), errors: [400, 404] }),
  catalogLabels: defineEndpoint({ ...catalogLines.catalogLabels, response: catalogLabels, errors: [] }),
  listCategories: defineEndpoint({ ...catalogLines.listCategories, query: listCategoryQuery, response: paginated(categoryItem), errors: adminErrors }),
  saveCategory: defineEndpoint({ ...catalogLines.saveCategory, body: saveCategoryBody, response: categoryItem, status: 201, errors: [...adminErrors, 409] }),
  getCategory: defineEndpoint({ ...catalogLines.getCategory, params: idParam, response: categoryItem, errors: [...adminErrors, 404] }),
  updateCategory: defineEndpoint({ ...catalogLines.updateCategory, body: updateCategoryBody, response: categoryItem, errors: [...adminErrors, 404, 409] }),
  deleteCategory: defineEndpoint({ ...catalogLines.deleteCategory, params: idParam, response: okMessage, errors: [...adminErrors, 404, 409] }),
  /** Multipart, field `image` (JPEG, PNG or WebP, 2 Mo at most). */
  categoryImage: defineEndpoint({
    ...catalogLines.categoryImage,
    params: idParam,
    response: categoryItem,
    errors: [...adminErrors, 404, 413, 415],
  }),
  listBiens: defineEndpoint({ ...catalogLines.listBiens, query: listBienQuery, response: paginated(bienItem), errors: adminErrors }),
  saveBien: defineEndpoint({ ...catalogLines.saveBien, body: saveBienBody, response: bienItem, status: 201, errors: [...adminErrors, 409] }),
  getBien: defineEndpoint({ ...catalogLines.getBien, params: idParam, response: bienItem, errors: [...adminErrors, 404] }),
  updateBien: defineEndpoint({ ...catalogLines.updateBien, body: updateBienBody, response: bienItem, errors: [...adminErrors, 404, 409] }),
  deleteBien: defineEndpoint({ ...catalogLines.deleteBien, params: idParam, response: okMessage, errors: [...adminErrors, 404, 409] }),
};
