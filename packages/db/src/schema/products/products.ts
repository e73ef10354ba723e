import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../users/users';

/** Products (migration 0010): `ownerId` null = a platform product kept by the admins. */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    reference: text('reference').notNull().default(''),
    lot: text('lot').notNull(),
    unit: text('unit').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    tvaRateBp: integer('tva_rate_bp').notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_owner_lot_name_idx').on(t.ownerId, t.lot, sql`lower(${t.name})`),
    index('products_lot_name_idx').on(t.lot, sql`lower(${t.name})`),
    index('products_reference_idx').on(sql`lower(${t.reference})`),
  ],
);
