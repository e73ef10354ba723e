import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import { biens, categories, categoryBiens } from '../schema';

const CATEGORIES = [
  { slug: 'construction', name: 'Construction', description: 'Construire un bâtiment neuf : maison, immeuble, local commercial.', icon: 'construction', position: 1 },
  { slug: 'extension', name: 'Extension', description: 'Agrandir un bâtiment existant de plain-pied : pièce en plus, véranda, garage.', icon: 'extension', position: 2 },
  { slug: 'renovation', name: 'Rénovation', description: 'Rénover, réaménager ou remettre aux normes un bien existant.', icon: 'renovation', position: 3 },
  { slug: 'surelevation', name: 'Surélévation', description: 'Ajouter un ou plusieurs niveaux à un bâtiment existant.', icon: 'surelevation', position: 4 },
];

const BIENS = [
  { slug: 'appartement', name: 'Appartement', icon: 'appartement', position: 1 },
  { slug: 'maison', name: 'Maison', icon: 'maison', position: 2 },
  { slug: 'commerce', name: 'Commerce', icon: 'commerce', position: 3 },
  { slug: 'immeuble', name: 'Immeuble', icon: 'immeuble', position: 4 },
];

/** Which goods each category applies to: an apartment is renovated, not raised on its own. */
const LINKS: Record<string, string[]> = {
  construction: ['maison', 'commerce', 'immeuble'],
  extension: ['maison', 'commerce', 'immeuble'],
  renovation: ['appartement', 'maison', 'commerce', 'immeuble'],
  surelevation: ['maison', 'commerce', 'immeuble'],
};

/** Reference catalogue: inserted when missing, never overwriting the admin's edits. */
export async function seedCatalog({ db }: DatabaseHandle): Promise<void> {
  const existing = await db.select({ n: sql<number>`count(*)::int` }).from(categories);
  if (existing[0].n > 0) return;
  await db.transaction(async (tx) => {
    const cats = await tx.insert(categories).values(CATEGORIES).onConflictDoNothing().returning();
    const goods = await tx.insert(biens).values(BIENS).onConflictDoNothing().returning();
    const bySlug = new Map(goods.map((b) => [b.slug, b.id]));
    const rows = cats.flatMap((c) => (LINKS[c.slug] ?? []).map((slug) => ({ categoryId: c.id, bienId: bySlug.get(slug)! })));
    if (rows.length) await tx.insert(categoryBiens).values(rows).onConflictDoNothing();
  });
}
