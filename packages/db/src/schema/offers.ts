import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const offers = pgTable('offers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  projectId: integer('project_id'),
  professionalId: integer('professional_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status').notNull().default('Disponible'),
  validation: text('validation').notNull().default('0'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
