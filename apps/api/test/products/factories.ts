import { products, type Database } from '@ouvrage/db';

/** A product owned by `user` (owner kind `product`). */
export async function ownedProduct(db: Database, user: { id: number }): Promise<number> {
  const [row] = await db
    .insert(products)
    .values({ ownerId: user.id, name: 'Parpaing 20 cm', lot: 'Maçonnerie', unit: 'u', unitPriceCents: 245, tvaRateBp: 2000 })
    .returning({ id: products.id });
  return row.id;
}

/** A platform product (no owner), as an admin makes them. */
export async function platformProduct(db: Database, values: Partial<typeof products.$inferInsert> = {}): Promise<number> {
  const [row] = await db
    .insert(products)
    .values({ ownerId: null, name: 'Forfait nettoyage de chantier', lot: 'Divers', unit: 'forfait', unitPriceCents: 35_000, tvaRateBp: 1000, ...values })
    .returning({ id: products.id });
  return row.id;
}
