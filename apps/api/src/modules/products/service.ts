import type { ProductItem } from '@ouvrage/contracts';
import type { Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { AppError, notFound, refuse } from '../../lib/errors';
import { checkRow, CSV_HEADERS, parseCsv, toCsv } from './csv';
import * as repo from './repository';
import { productUsedBy } from './uses';

interface ProductInput {
  name: string;
  description: string;
  reference: string;
  lot: string;
  unit: string;
  unit_price_cents: number;
  tva_rate_bp: number;
}

interface ListQuery {
  page: number;
  per_page: number;
  search?: string;
  lot?: string;
  archived?: 'true' | 'false';
}

const isAdmin = (caller: Caller) => caller.user_type === 'admin';

/** An architect changes their own products; an admin the platform's and, to moderate, anyone's. */
function canEdit(caller: Caller, row: repo.ProductRow): boolean {
  return isAdmin(caller) || row.ownerId === caller.id;
}

/** An architect reads their own products and the platform's; an admin reads all. */
function canRead(caller: Caller, row: repo.ProductRow): boolean {
  return isAdmin(caller) || row.ownerId === caller.id || row.ownerId === null;
}

export function toItem(row: repo.ProductRow, caller: Caller): ProductItem {
  return {
    id: row.id,
    owner_id: row.ownerId,
    platform: row.ownerId === null,
    editable: canEdit(caller, row),
    name: row.name,
    description: row.description,
    reference: row.reference,
    lot: row.lot,
    unit: row.unit,
    unit_price_cents: row.unitPriceCents,
    tva_rate_bp: row.tvaRateBp,
    archived: row.archivedAt !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function filterOf(caller: Caller, q: Omit<ListQuery, 'page' | 'per_page'>): repo.ProductFilter {
  return {
    scope: isAdmin(caller) ? { kind: 'all' } : { kind: 'mine-and-platform', ownerId: caller.id },
    search: q.search || undefined,
    lot: q.lot,
    archived: q.archived === 'true',
  };
}

export async function listProducts(deps: AppDeps, caller: Caller, q: ListQuery) {
  const { rows, total, total_capped } = await repo.listProducts(deps.db, filterOf(caller, q), { limit: q.per_page, offset: (q.page - 1) * q.per_page });
  return { items: rows.map((r) => toItem(r, caller)), total, total_capped, page: q.page, per_page: q.per_page };
}

export async function getProduct(deps: AppDeps, caller: Caller, id: number): Promise<ProductItem> {
  const row = await repo.findProduct(deps.db, id);
  if (!row || !canRead(caller, row)) throw notFound('Ce produit est introuvable.');
  return toItem(row, caller);
}

/** An admin's products are the platform's (no owner); an architect's are their own. */
function ownerFor(caller: Caller): number | null {
  return isAdmin(caller) ? null : caller.id;
}

export async function createProduct(deps: AppDeps, caller: Caller, input: ProductInput): Promise<ProductItem> {
  const now = deps.clock.now();
  const [row] = await repo.insertProducts(deps.db, [
    {
      ownerId: ownerFor(caller),
      name: input.name,
      description: input.description,
      reference: input.reference,
      lot: input.lot,
      unit: input.unit,
      unitPriceCents: input.unit_price_cents,
      tvaRateBp: input.tva_rate_bp,
      createdAt: now,
      updatedAt: now,
    },
  ]);
  return toItem(row, caller);
}

export async function updateProduct(deps: AppDeps, caller: Caller, id: number, input: Partial<ProductInput> & { archived?: boolean }): Promise<ProductItem> {
  const row = await repo.findProduct(deps.db, id);
  if (!row) throw notFound('Ce produit est introuvable.');
  if (!canEdit(caller, row)) throw refuse('PRODUCT_READ_ONLY', 'Ce produit de la plateforme ne peut être modifié que par un administrateur.');
  const changesFields = Object.keys(input).some((k) => k !== 'archived');
  if (row.archivedAt && input.archived !== false && changesFields) {
    throw refuse('PRODUCT_ARCHIVED', 'Ce produit est archivé : restaurez-le avant de le modifier.', { name: row.name });
  }
  const now = deps.clock.now();
  const updated = await repo.updateProduct(deps.db, id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.reference !== undefined ? { reference: input.reference } : {}),
    ...(input.lot !== undefined ? { lot: input.lot } : {}),
    ...(input.unit !== undefined ? { unit: input.unit } : {}),
    ...(input.unit_price_cents !== undefined ? { unitPriceCents: input.unit_price_cents } : {}),
    ...(input.tva_rate_bp !== undefined ? { tvaRateBp: input.tva_rate_bp } : {}),
    ...(input.archived !== undefined ? { archivedAt: input.archived ? (row.archivedAt ?? now) : null } : {}),
    updatedAt: now,
  });
  if (!updated) throw notFound('Ce produit est introuvable.');
  return toItem(updated, caller);
}

/** Delete, or archive when a registered use (quotes…) names the product (decision 0500). */
export async function deleteProduct(deps: AppDeps, caller: Caller, id: number): Promise<{ message: string; archived: boolean }> {
  return deps.db.transaction(async (tx) => {
    const row = await repo.lockProduct(tx, id);
    if (!row) throw notFound('Ce produit est introuvable.');
    if (!canEdit(caller, row)) throw refuse('PRODUCT_READ_ONLY', 'Ce produit de la plateforme ne peut être supprimé que par un administrateur.');
    const usedBy = await productUsedBy(deps, tx, id);
    if (usedBy.length) {
      const now = deps.clock.now();
      await repo.updateProduct(tx, id, { archivedAt: row.archivedAt ?? now, updatedAt: now });
      return { message: 'Ce produit figure dans un devis : il a été archivé au lieu d’être supprimé.', archived: true };
    }
    await repo.deleteProduct(tx, id);
    return { message: 'Le produit a été supprimé.', archived: false };
  });
}

export async function exportProducts(deps: AppDeps, caller: Caller, q: Omit<ListQuery, 'page' | 'per_page'>): Promise<string> {
  const { rows } = await repo.listProducts(deps.db, filterOf(caller, q));
  return toCsv(rows);
}

export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;

/**
 * Import a CSV: every row is checked first; any wrong row answers 400 with one French message
 * per row and nothing is imported; otherwise all rows go in one transaction.
 */
export async function importProducts(deps: AppDeps, caller: Caller, bytes: Buffer): Promise<{ imported: number; message: string }> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('VALIDATION', 'Le fichier doit être un CSV encodé en UTF-8.', {
      file: 'Encodage non reconnu : enregistrez le fichier en « CSV UTF-8 ».',
    });
  }
  const records = parseCsv(text.replace(/^\uFEFF/, ''));
  const [header, ...data] = records;
  const expected = CSV_HEADERS.map((h) => h.toLowerCase());
  if (
    !header ||
    header
      .slice(0, expected.length)
      .map((h) => h.trim().toLowerCase())
      .join(';') !== expected.join(';')
  ) {
    throw new AppError('VALIDATION', `La première ligne doit être l'en-tête : ${CSV_HEADERS.join(';')}.`, { file: 'En-tête manquant ou incorrect.' });
  }
  if (!data.length) throw new AppError('VALIDATION', 'Le fichier ne contient aucun produit.', { file: 'Aucune ligne de produit.' });
  if (data.length > IMPORT_MAX_ROWS) {
    throw new AppError('VALIDATION', `Le fichier compte ${data.length} produits : ${IMPORT_MAX_ROWS} au plus par import.`, { file: 'Trop de lignes.' });
  }
  const fields: Record<string, string> = {};
  const values: repo.ProductInsert[] = [];
  const now = deps.clock.now();
  data.forEach((cells, index) => {
    const check = checkRow(cells);
    // Line numbers as the spreadsheet shows them: the header is line 1.
    if (!check.ok) fields[`ligne ${index + 2}`] = `Ligne ${index + 2} : ${check.errors.join(' ; ')}.`;
    else {
      const p = check.product;
      values.push({
        ownerId: ownerFor(caller),
        name: p.name,
        reference: p.reference,
        lot: p.lot,
        unit: p.unit,
        unitPriceCents: p.unitPriceCents,
        tvaRateBp: p.tvaRateBp,
        description: p.description,
        createdAt: now,
        updatedAt: now,
      });
    }
  });
  const wrong = Object.keys(fields).length;
  // One wrong line: the sentence says what is wrong with it; several: how many, each in `fields`.
  if (wrong === 1) {
    const only = Object.values(fields)[0]!.replace(/\.$/, '');
    throw new AppError('VALIDATION', `${only} — aucun produit n'a été importé.`, fields);
  }
  if (wrong) throw new AppError('VALIDATION', `${wrong} lignes du fichier sont incorrectes : aucun produit n'a été importé.`, fields);
  const rows = await deps.db.transaction((tx) => repo.insertProducts(tx, values));
  return { imported: rows.length, message: `${rows.length} produit${rows.length > 1 ? 's importés' : ' importé'}.` };
}

export const productRetention = {
  name: 'products',
  retains: repo.ownsAnyProduct,
};
