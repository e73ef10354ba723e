import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  companies,
  companyBiens,
  companyCategories,
  companyInsurances,
  companyReferences,
  companyServices,
  interventionZones,
  professions,
  referencePhotos,
  services,
  users,
  type Executor,
} from '@ouvrage/db';
import { PROFESSIONAL_TYPES, VALIDATED, type UserType } from '@ouvrage/domain';

/**
 * Reads of professionals that other modules need (matching, tender lists, public profiles),
 * each in a fixed number of queries whatever the number of professionals (no N+1).
 */

export interface Candidate {
  id: number;
  userType: UserType;
  firstname: string;
  lastname: string;
  email: string;
  company: string | null;
  professionSlug: string | null;
  professionName: string | null;
  budgetMinCents: number | null;
  budgetMaxCents: number | null;
  clientTypes: string[];
  services: Array<{ slug: string; name: string; professionSlug: string | null }>;
  zones: Array<typeof interventionZones.$inferSelect>;
  categoryIds: number[];
  bienIds: number[];
}

function groupByUser<T extends { userId: number }>(list: T[]) {
  const map = new Map<number, T[]>();
  for (const item of list) map.set(item.userId, [...(map.get(item.userId) ?? []), item]);
  return map;
}

/**
 * Validated professionals (never pending, refused or anonymised ones) with what matching needs.
 * `departement`: only those with a zone that may cover it (the département itself, or any commune radius).
 */
export async function validatedProfessionals(db: Executor, filter: { departement?: string; ids?: number[] }): Promise<Candidate[]> {
  const conditions: SQL[] = [inArray(users.userType, [...PROFESSIONAL_TYPES]), eq(users.isValidate, VALIDATED), isNull(users.anonymizedAt)];
  if (filter.ids) conditions.push(inArray(users.id, filter.ids.length ? filter.ids : [0]));
  if (filter.departement) {
    conditions.push(
      sql`exists (select 1 from ${interventionZones} z where z.user_id = ${users.id}
        and ((z.kind = 'departement' and z.departement_code = ${filter.departement}) or z.kind = 'commune'))`,
    );
  }
  const rows = await db
    .select({
      id: users.id,
      userType: users.userType,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      company: companies.raisonSociale,
      tradeName: companies.tradeName,
      professionSlug: professions.slug,
      professionName: professions.name,
      budgetMinCents: companies.budgetMinCents,
      budgetMaxCents: companies.budgetMaxCents,
      clientTypes: companies.clientTypes,
    })
    .from(users)
    .leftJoin(companies, eq(companies.userId, users.id))
    .leftJoin(professions, eq(professions.id, companies.professionId))
    .where(and(...conditions))
    .orderBy(asc(users.id))
    .limit(2000);
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [serviceRows, zoneRows, categoryRows, bienRows] = await Promise.all([
    db
      .select({ userId: companyServices.userId, slug: services.slug, name: services.name, professionSlug: professions.slug })
      .from(companyServices)
      .innerJoin(services, eq(services.id, companyServices.serviceId))
      .leftJoin(professions, eq(professions.id, services.professionId))
      .where(inArray(companyServices.userId, ids)),
    db.select().from(interventionZones).where(inArray(interventionZones.userId, ids)),
    db.select().from(companyCategories).where(inArray(companyCategories.userId, ids)),
    db.select().from(companyBiens).where(inArray(companyBiens.userId, ids)),
  ]);
  const byService = groupByUser(serviceRows);
  const byZone = groupByUser(zoneRows);
  const byCategory = groupByUser(categoryRows);
  const byBien = groupByUser(bienRows);
  return rows.map((r) => ({
    id: r.id,
    userType: r.userType,
    firstname: r.firstname,
    lastname: r.lastname,
    email: r.email,
    company: r.tradeName || r.company || null,
    professionSlug: r.professionSlug,
    professionName: r.professionName,
    budgetMinCents: r.budgetMinCents,
    budgetMaxCents: r.budgetMaxCents,
    clientTypes: r.clientTypes ?? [],
    services: (byService.get(r.id) ?? []).map((s) => ({ slug: s.slug, name: s.name, professionSlug: s.professionSlug })),
    zones: byZone.get(r.id) ?? [],
    categoryIds: (byCategory.get(r.id) ?? []).map((c) => c.categoryId),
    bienIds: (byBien.get(r.id) ?? []).map((b) => b.bienId),
  }));
}

/** E-mail notification choice of professionals (company preference; true when no company yet). */
export async function tenderMailChoices(db: Executor, ids: number[]): Promise<Map<number, boolean>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ userId: companies.userId, notify: companies.notifyTenderEmail }).from(companies).where(inArray(companies.userId, ids));
  return new Map(rows.map((r) => [r.userId, r.notify]));
}

/** Who a professional is, as lists show them: name, e-mail, role, company names. */
export async function professionalIdentities(db: Executor, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map<number, never>();
  const rows = await db
    .select({
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      userType: users.userType,
      company: companies.raisonSociale,
      tradeName: companies.tradeName,
    })
    .from(users)
    .leftJoin(companies, eq(companies.userId, users.id))
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}
export type ProfessionalIdentity = Awaited<ReturnType<typeof professionalIdentities>> extends Map<number, infer V> ? V : never;

/** The name a professional's company goes by (trade name first), null without a company. */
export async function companyName(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db.select({ raisonSociale: companies.raisonSociale, tradeName: companies.tradeName }).from(companies).where(eq(companies.userId, userId));
  return row ? row.tradeName || row.raisonSociale || null : null;
}

/** Public profiles of professionals (company, trade, services, décennale, references with photos). */
export async function publicProfiles(db: Executor, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return { rows: [], services: [], insurances: [], references: [], photos: [] };
  const [rows, serviceRows, insurances, references] = await Promise.all([
    db
      .select({
        user: { id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email, phone: users.phone, userType: users.userType },
        company: companies,
        profession: professions.name,
      })
      .from(users)
      .leftJoin(companies, eq(companies.userId, users.id))
      .leftJoin(professions, eq(professions.id, companies.professionId))
      .where(inArray(users.id, unique)),
    db
      .select({ userId: companyServices.userId, name: services.name })
      .from(companyServices)
      .innerJoin(services, eq(services.id, companyServices.serviceId))
      .where(inArray(companyServices.userId, unique))
      .orderBy(asc(services.position)),
    db
      .select()
      .from(companyInsurances)
      .where(and(inArray(companyInsurances.userId, unique), eq(companyInsurances.kind, 'decennale'))),
    db.select().from(companyReferences).where(inArray(companyReferences.userId, unique)).orderBy(desc(companyReferences.year), desc(companyReferences.id)),
  ]);
  const refIds = references.map((r) => r.id);
  const photos = refIds.length
    ? await db
        .select({ id: referencePhotos.id, referenceId: referencePhotos.referenceId })
        .from(referencePhotos)
        .where(inArray(referencePhotos.referenceId, refIds))
        .orderBy(asc(referencePhotos.id))
    : [];
  return { rows, services: serviceRows, insurances, references, photos };
}
