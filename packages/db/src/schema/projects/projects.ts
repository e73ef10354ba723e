import { bigint, boolean, doublePrecision, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { biens, categories } from '../catalog/catalog';
import { users } from '../users/users';
import type { ProjectActivityAction, ProjectStage, ProjectState } from '@ouvrage/domain';

/** A client project (spec §3 request + state and stage). Created by migrations/0003_projects.sql. */
export const projects = pgTable('projects', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  clientId: integer('client_id')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  support: text('support').notNull(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => categories.id, { onDelete: 'restrict' }),
  bienId: integer('bien_id')
    .notNull()
    .references(() => biens.id, { onDelete: 'restrict' }),
  street: text('street').notNull(),
  postcode: text('postcode').notNull(),
  city: text('city').notNull(),
  cityCode: text('city_code').notNull(),
  departement: text('departement').notNull(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  showAddress: boolean('show_address').notNull().default(false),
  surface: doublePrecision('surface').notNull(),
  worksSurface: doublePrecision('works_surface').notNull(),
  propertyValueCents: bigint('property_value_cents', { mode: 'number' }),
  budget: text('budget').notNull(),
  budgetMinCents: bigint('budget_min_cents', { mode: 'number' }).notNull(),
  budgetMaxCents: bigint('budget_max_cents', { mode: 'number' }),
  times: text('times').notNull(),
  delai: text('delai').notNull(),
  proprio: text('proprio').notNull(),
  description: text('description').notNull(),
  accompagnement: boolean('accompagnement').notNull().default(false),
  besoinAccompagnement: text('besoin_accompagnement'),
  typeClient: text('type_client').notNull(),
  companyName: text('company_name'),
  siret: text('siret'),
  civility: text('civility').notNull(),
  lastname: text('lastname').notNull(),
  firstname: text('firstname').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  country: text('country').notNull(),
  state: text('state').$type<ProjectState>().notNull().default('En attente'),
  stage: text('stage').$type<ProjectStage>().notNull().default('Étude'),
  searchText: text('search_text').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ProjectRow = typeof projects.$inferSelect;

export const projectDetails = pgTable('project_details', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const projectFiles = pgTable('project_files', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  originalName: text('original_name').notNull(),
  storageKey: text('storage_key').notNull().unique(),
  mimeType: text('mime_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const projectActivity = pgTable('project_activity', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
  action: text('action').$type<ProjectActivityAction>().notNull(),
  fromValue: text('from_value'),
  toValue: text('to_value'),
  message: text('message').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
