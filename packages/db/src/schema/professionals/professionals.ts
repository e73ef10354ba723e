import { bigint, boolean, date, doublePrecision, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { biens, categories } from '../catalog/catalog';
import { users } from '../users/users';

export const professions = pgTable('professions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  userType: text('user_type').notNull().default('professionnel'),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const services = pgTable('services', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  professionId: integer('profession_id').references(() => professions.id, { onDelete: 'set null' }),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const companies = pgTable('companies', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  siret: text('siret'),
  siren: text('siren'),
  raisonSociale: text('raison_sociale').notNull().default(''),
  formeJuridique: text('forme_juridique'),
  natureJuridiqueCode: text('nature_juridique_code'),
  capitalCents: bigint('capital_cents', { mode: 'number' }),
  rcsRm: text('rcs_rm'),
  tvaNumber: text('tva_number'),
  nafCode: text('naf_code'),
  headOfficeAddress: text('head_office_address'),
  headOfficePostcode: text('head_office_postcode'),
  headOfficeCity: text('head_office_city'),
  headOfficeCitycode: text('head_office_citycode'),
  tradeName: text('trade_name'),
  logoPath: text('logo_path'),
  description: text('description'),
  website: text('website'),
  contactEmail: text('contact_email'),
  contactPhone: text('contact_phone'),
  yearFounded: integer('year_founded'),
  headcount: integer('headcount'),
  professionId: integer('profession_id').references(() => professions.id, { onDelete: 'set null' }),
  budgetMinCents: bigint('budget_min_cents', { mode: 'number' }),
  budgetMaxCents: bigint('budget_max_cents', { mode: 'number' }),
  clientTypes: text('client_types').array().notNull().default([]),
  notifyTenderEmail: boolean('notify_tender_email').notNull().default(true),
  notifyTenderSms: boolean('notify_tender_sms').notNull().default(false),
  notifyWeeklyDigest: boolean('notify_weekly_digest').notNull().default(false),
  registryState: text('registry_state'),
  registryName: text('registry_name'),
  registryCheckedAt: timestamp('registry_checked_at', { withTimezone: true }),
  identityCheck: jsonb('identity_check'),
  identityCheckedAt: timestamp('identity_checked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type CompanyRow = typeof companies.$inferSelect;

export const companyInsurances = pgTable(
  'company_insurances',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => companies.userId, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    insurer: text('insurer'),
    /** The insurer's address, one line (migration 0039, loi 96-603 art. 22-2). */
    insurerAddress: text('insurer_address'),
    policyNumber: text('policy_number'),
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    coverage: text('coverage'),
    certificatePath: text('certificate_path'),
    certificateName: text('certificate_name'),
    certificateMime: text('certificate_mime'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.userId, t.kind)],
);
export type InsuranceRow = typeof companyInsurances.$inferSelect;

export const companyServices = pgTable(
  'company_services',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => companies.userId, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.serviceId] })],
);

export const companyCategories = pgTable(
  'company_categories',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => companies.userId, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.categoryId] })],
);

export const companyBiens = pgTable(
  'company_biens',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => companies.userId, { onDelete: 'cascade' }),
    bienId: integer('bien_id')
      .notNull()
      .references(() => biens.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bienId] })],
);

export const companyReferences = pgTable('company_references', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => companies.userId, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  city: text('city'),
  year: integer('year'),
  amountCents: bigint('amount_cents', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ReferenceRow = typeof companyReferences.$inferSelect;

export const referencePhotos = pgTable('reference_photos', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  referenceId: integer('reference_id')
    .notNull()
    .references(() => companyReferences.id, { onDelete: 'cascade' }),
  path: text('path').notNull(),
  mime: text('mime').notNull(),
  name: text('name').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const interventionZones = pgTable('intervention_zones', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => companies.userId, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  departementCode: text('departement_code').notNull(),
  communeInsee: text('commune_insee'),
  communeName: text('commune_name'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  radiusKm: integer('radius_km'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type InterventionZoneRow = typeof interventionZones.$inferSelect;

export const marketingLeads = pgTable('marketing_leads', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  form: text('form').notNull(),
  email: text('email').notNull(),
  fields: jsonb('fields').$type<Array<{ name: string; value: string }>>().notNull(),
  context: jsonb('context').$type<Record<string, string>>().notNull().default({}),
  status: text('status').notNull().default('kept'),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  forwardedAt: timestamp('forwarded_at', { withTimezone: true }),
});
export type MarketingLeadRow = typeof marketingLeads.$inferSelect;
