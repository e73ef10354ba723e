import type { BienItem, CatalogLabels, CategoryItem, PublicBien, PublicCategory } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import { CATALOG_TRANSLATION_LANGUAGES, completeCatalogTranslations, searchNormalize, type CatalogText, type CatalogTranslations } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { readStoredFile } from '../../lib/stored-files';
import type { StoredUpload } from '../../lib/uploads';
import { invalid, notFound, refuse } from '../../lib/errors';
import { projectCounts } from './project-counts';
import * as repo from './repository';

interface Page {
  page: number;
  per_page: number;
}

function slugify(name: string): string {
  return (
    searchNormalize(name)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'element'
  );
}

async function uniqueSlug(db: Executor, table: 'categories' | 'biens', name: string): Promise<string> {
  const base = slugify(name);
  let slug = base;
  for (let i = 2; await repo.slugTaken(db, table, slug); i += 1) slug = `${base}-${i}`;
  return slug;
}

async function toCategoryItems(deps: AppDeps, rows: repo.CategoryRow[]): Promise<CategoryItem[]> {
  const ids = rows.map((r) => r.id);
  const [links, counts] = await Promise.all([repo.linksOfCategories(deps.db, ids), projectCounts(deps, deps.db, 'category', ids)]);
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    description: r.description,
    translations: completeCatalogTranslations(r.translations),
    icon: r.icon,
    image_path: imageUrl(r),
    position: r.position,
    active: r.active,
    biens: links.get(r.id) ?? [],
    projects_count: counts.get(r.id) ?? 0,
  }));
}

async function toBienItems(deps: AppDeps, rows: repo.BienRow[]): Promise<BienItem[]> {
  const ids = rows.map((r) => r.id);
  const [links, counts] = await Promise.all([repo.linksOfBiens(deps.db, ids), projectCounts(deps, deps.db, 'bien', ids)]);
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    description: r.description,
    translations: completeCatalogTranslations(r.translations),
    icon: r.icon,
    position: r.position,
    active: r.active,
    categories: links.get(r.id) ?? [],
    projects_count: counts.get(r.id) ?? 0,
  }));
}

export async function publicCategories(deps: AppDeps): Promise<PublicCategory[]> {
  const { rows: all } = await repo.listCategories(deps.db, { active: true, limit: 200, offset: 0 });
  // A category whose goods were all deactivated since would stop the journey at its second step.
  const offered = await repo.categoriesWithActiveBiens(
    deps.db,
    all.map((r) => r.id),
  );
  const rows = all.filter((r) => offered.has(r.id));
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    description: r.description,
    translations: completeCatalogTranslations(r.translations),
    icon: r.icon,
    image_path: imageUrl(r),
    position: r.position,
  }));
}

export async function biensOfCategory(deps: AppDeps, categoryId: number): Promise<PublicBien[]> {
  const category = await repo.findCategory(deps.db, categoryId);
  if (!category || !category.active) throw notFound('Cette catégorie de projet est introuvable.');
  const rows = await repo.activeBiensOfCategory(deps.db, categoryId);
  return rows.map(({ bien: r }) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    description: r.description,
    translations: completeCatalogTranslations(r.translations),
    icon: r.icon,
    position: r.position,
  }));
}

/** Every category and good, active or not, with its translations: the web's dictionary of labels. */
export async function catalogLabels(deps: AppDeps): Promise<CatalogLabels> {
  const { categories, biens } = await repo.allCatalogLabels(deps.db);
  const label = (r: { id: number; slug: string; name: string; description: string; translations: CatalogTranslations }) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    description: r.description,
    translations: completeCatalogTranslations(r.translations),
  });
  return { categories: categories.map(label), biens: biens.map(label) };
}

export async function listCategories(deps: AppDeps, q: Page & { active?: 'true' | 'false' }) {
  const { rows, total, total_capped } = await repo.listCategories(deps.db, {
    active: q.active === undefined ? undefined : q.active === 'true',
    limit: q.per_page,
    offset: (q.page - 1) * q.per_page,
  });
  return { items: await toCategoryItems(deps, rows), total, total_capped, page: q.page, per_page: q.per_page };
}

export async function listBiens(deps: AppDeps, q: Page & { active?: 'true' | 'false'; category_id?: number }) {
  const { rows, total, total_capped } = await repo.listBiens(deps.db, {
    active: q.active === undefined ? undefined : q.active === 'true',
    categoryId: q.category_id,
    limit: q.per_page,
    offset: (q.page - 1) * q.per_page,
  });
  return { items: await toBienItems(deps, rows), total, total_capped, page: q.page, per_page: q.per_page };
}

export async function getCategory(deps: AppDeps, id: number): Promise<CategoryItem> {
  const row = await repo.findCategory(deps.db, id);
  if (!row) throw notFound('Catégorie introuvable.');
  return (await toCategoryItems(deps, [row]))[0];
}

export async function getBien(deps: AppDeps, id: number): Promise<BienItem> {
  const row = await repo.findBien(deps.db, id);
  if (!row) throw notFound('Bien introuvable.');
  return (await toBienItems(deps, [row]))[0];
}

type TranslationsInput = Partial<Record<(typeof CATALOG_TRANSLATION_LANGUAGES)[number], CatalogText>>;

interface CategoryInput {
  name: string;
  description: string;
  translations?: TranslationsInput;
  icon?: string | null;
  position: number;
  active: boolean;
  biens: number[];
}

interface BienInput {
  name: string;
  description: string;
  translations?: TranslationsInput;
  icon?: string | null;
  position: number;
  active: boolean;
  categories: number[];
}

/** The languages sent replace theirs; those left out keep what the item had. */
function mergeTranslations(current: CatalogTranslations | undefined, input: TranslationsInput | undefined): CatalogTranslations {
  const merged = completeCatalogTranslations(current);
  for (const lng of CATALOG_TRANSLATION_LANGUAGES) {
    const given = input?.[lng];
    if (given) merged[lng] = { name: given.name.trim(), description: given.description.trim() };
  }
  return merged;
}

async function checkLinkedIds(db: Executor, table: 'categories' | 'biens', ids: number[], field: string) {
  const unique = [...new Set(ids)];
  const found = await repo.existingIds(db, table, unique);
  if (found.length !== unique.length)
    throw invalid({ [field]: table === 'biens' ? 'Un des biens choisis n’existe pas.' : 'Une des catégories choisies n’existe pas.' });
  return unique;
}

export async function saveCategory(deps: AppDeps, input: CategoryInput, id?: number): Promise<CategoryItem> {
  const saved = await deps.db.transaction(async (tx) => {
    const current = id ? await repo.findCategory(tx, id) : undefined;
    if (id && !current) throw notFound('Catégorie introuvable.');
    if (await repo.categoryNameTaken(tx, input.name, id))
      throw refuse('CATEGORY_NAME_TAKEN', 'Une catégorie porte déjà ce nom.', {}, { name: 'Une catégorie porte déjà ce nom.' });
    const bienIds = await checkLinkedIds(tx, 'biens', input.biens, 'biens');
    if (input.active && (await repo.countActiveBiens(tx, bienIds)) === 0) {
      const message = 'Une catégorie active doit proposer au moins un bien actif : choisissez ses biens, ou laissez-la inactive.';
      throw refuse('CATEGORY_WITHOUT_GOODS', message, {}, { biens: message });
    }
    const translations = mergeTranslations(current?.translations, input.translations);
    const values = { name: input.name, description: input.description, translations, icon: input.icon ?? null, position: input.position, active: input.active };
    const row = id
      ? await repo.updateCategory(tx, id, values)
      : await repo.insertCategory(tx, { ...values, slug: await uniqueSlug(tx, 'categories', input.name) });
    await repo.replaceCategoryLinks(tx, row.id, bienIds);
    return row;
  });
  return getCategory(deps, saved.id);
}

export async function saveBien(deps: AppDeps, input: BienInput, id?: number): Promise<BienItem> {
  const saved = await deps.db.transaction(async (tx) => {
    const current = id ? await repo.findBien(tx, id) : undefined;
    if (id && !current) throw notFound('Bien introuvable.');
    if (await repo.bienNameTaken(tx, input.name, id)) throw refuse('BIEN_NAME_TAKEN', 'Un bien porte déjà ce nom.', {}, { name: 'Un bien porte déjà ce nom.' });
    const categoryIds = await checkLinkedIds(tx, 'categories', input.categories, 'categories');
    const translations = mergeTranslations(current?.translations, input.translations);
    const values = { name: input.name, description: input.description, translations, icon: input.icon ?? null, position: input.position, active: input.active };
    const row = id ? await repo.updateBien(tx, id, values) : await repo.insertBien(tx, { ...values, slug: await uniqueSlug(tx, 'biens', input.name) });
    await repo.replaceBienLinks(tx, row.id, categoryIds);
    return row;
  });
  return getBien(deps, saved.id);
}

/** Deleting what projects use is refused: deactivate it instead. */
export async function deleteCategory(deps: AppDeps, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (!(await repo.findCategory(tx, id))) throw notFound('Catégorie introuvable.');
    const n = (await projectCounts(deps, tx, 'category', [id])).get(id) ?? 0;
    if (n > 0)
      throw refuse('CATEGORY_IN_USE', `Cette catégorie est utilisée par ${n} projet${n > 1 ? 's' : ''} : désactivez-la plutôt que de la supprimer.`, {
        count: n,
      });
    await repo.deleteCategory(tx, id);
  });
}

export async function deleteBien(deps: AppDeps, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (!(await repo.findBien(tx, id))) throw notFound('Bien introuvable.');
    const n = (await projectCounts(deps, tx, 'bien', [id])).get(id) ?? 0;
    if (n > 0) throw refuse('BIEN_IN_USE', `Ce bien est utilisé par ${n} projet${n > 1 ? 's' : ''} : désactivez-le plutôt que de le supprimer.`, { count: n });
    await repo.deleteBien(tx, id);
  });
}

/** The public address of a category's picture (the version busts caches after a change). */
function imageUrl(r: repo.CategoryRow): string | null {
  return r.imagePath ? `/api/category-image/${r.id}?v=${r.updatedAt.getTime()}` : null;
}

export const CATEGORY_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const CATEGORY_IMAGE_KINDS = ['jpeg', 'png', 'webp'] as const;

/** The category must exist before its picture is read from the request. */
export async function assertCategoryExists(deps: AppDeps, id: number): Promise<void> {
  if (!(await repo.findCategory(deps.db, id))) throw notFound('Catégorie introuvable.');
}

/**
 * Replace a category's picture (JPEG, PNG or WebP, 2 MB at most), already written to storage by
 * the route; the old file is removed, and the new one too when the change fails.
 */
export async function setCategoryImage(deps: AppDeps, id: number, files: StoredUpload[]): Promise<CategoryItem> {
  let previous: string | null;
  try {
    if (files.length === 0) throw invalid({ image: 'Choisissez une image (JPEG, PNG ou WebP).' }, 'Aucune image reçue.');
    if (files.length > 1) throw invalid({ image: 'Une seule image à la fois.' }, 'Envoyez une seule image à la fois.');
    const current = await repo.findCategory(deps.db, id);
    if (!current) throw notFound('Catégorie introuvable.');
    previous = current.imagePath;
    await repo.updateCategory(deps.db, id, { imagePath: files[0].key });
  } catch (error) {
    await Promise.all(files.map((f) => deps.storage.remove(f.key).catch(() => undefined)));
    throw error;
  }
  if (previous) await deps.storage.remove(previous).catch(() => undefined);
  return getCategory(deps, id);
}

const IMAGE_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export async function readCategoryImage(deps: AppDeps, id: number): Promise<{ bytes: Buffer; mime: string }> {
  const current = await repo.findCategory(deps.db, id);
  if (!current?.imagePath) throw notFound("Cette catégorie n'a pas d'image.");
  const bytes = await readStoredFile(deps.storage, current.imagePath, "L'image de cette catégorie n'est plus disponible.");
  return { bytes, mime: IMAGE_TYPES[current.imagePath.split('.').pop() ?? ''] ?? 'application/octet-stream' };
}
