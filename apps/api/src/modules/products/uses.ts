import type { Executor } from '@ouvrage/db';
import type { AppDeps } from '../../lib/deps';

/**
 * What keeps a product from being deleted (decision 0500). A module whose records name a product
 * (quotes, later invoices) registers one; deleting a product asks every use inside the deleting
 * transaction, and when one answers yes the product is archived instead of deleted. With none
 * registered, a delete deletes.
 */
export interface ProductUse {
  /** Short name for logs and tests: `quotes`, … */
  name: string;
  /** Does this module hold a record that names the product? */
  uses: (tx: Executor, productId: number) => Promise<boolean>;
}

const registries = new WeakMap<AppDeps, ProductUse[]>();

/** Called once per app by each module whose records name products. */
export function registerProductUse(deps: AppDeps, use: ProductUse): void {
  const list = registries.get(deps) ?? [];
  if (list.some((u) => u.name === use.name)) throw new Error(`Usage de produit déjà enregistré : ${use.name}`);
  list.push(use);
  registries.set(deps, list);
}

/** The names of the uses that name the product (empty: it may be deleted). */
export async function productUsedBy(deps: AppDeps, tx: Executor, productId: number): Promise<string[]> {
  const names: string[] = [];
  for (const u of registries.get(deps) ?? []) if (await u.uses(tx, productId)) names.push(u.name);
  return names;
}
