import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Language, UserType, ValidationState } from '@ouvrage/domain';

export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  email: text('email').notNull(),
  passwordHash: text('password_hash'),
  firstname: text('firstname').notNull().default(''),
  lastname: text('lastname').notNull().default(''),
  civility: text('civility'),
  phone: text('phone'),
  country: text('country'),
  userType: text('user_type').$type<UserType>().notNull(),
  isValidate: text('is_validate').$type<ValidationState>().notNull().default('Validé'),
  validationReason: text('validation_reason'),
  anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
  /** Carried by access tokens; bumped on logout and password reset or change to void the tokens already issued. */
  sessionVersion: integer('session_version').notNull().default(0),
  /** The language of the app and of the user's e-mails (migration 0022). */
  language: text('language').$type<Language>().notNull().default('fr'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type UserRow = typeof users.$inferSelect;
