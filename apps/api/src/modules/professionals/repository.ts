import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  companies,
  companyBiens,
  companyCategories,
  companyInsurances,
  companyReferences,
  companyServices,
  interventionZones,
  marketingLeads,
  professions,
  referencePhotos,
  services,
  type CompanyRow,
  type Executor,
  type InsuranceRow,
} from '@ouvrage/db';
import { cappedCount } from '../../lib/capped-count';
import { prepared } from '../../lib/prepared';

export async function listProfessions(db: Executor) {
  return db.select().from(professions).where(eq(professions.active, true)).orderBy(asc(professions.position), asc(professions.name));
}

export async function findProfession(db: Executor, id: number) {
  const [row] = await db.select().from(professions).where(eq(professions.id, id));
  return row;
}

export async function listServices(db: Executor, professionId?: number) {
  const where = professionId ? and(eq(services.active, true), eq(services.professionId, professionId)) : eq(services.active, true);
  return db.select().from(services).where(where).orderBy(asc(services.professionId), asc(services.position));
}

export async function existingServiceIds(db: Executor, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: services.id })
    .from(services)
    .where(and(inArray(services.id, ids), eq(services.active, true)));
  return rows.map((r) => r.id);
}

export async function findCompany(db: Executor, userId: number): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.userId, userId));
  return row;
}

export async function lockCompany(db: Executor, userId: number): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.userId, userId)).for('update');
  return row;
}

export async function findCompanyBySiret(db: Executor, siret: string) {
  const [row] = await db.select({ userId: companies.userId }).from(companies).where(eq(companies.siret, siret));
  return row;
}

export async function insertCompany(db: Executor, values: typeof companies.$inferInsert) {
  await db.insert(companies).values(values);
}

/** The company row of a professional who has none yet (a concurrent creation wins). */
export async function insertEmptyCompany(db: Executor, userId: number) {
  await db.insert(companies).values({ userId }).onConflictDoNothing();
}

export async function updateCompany(db: Executor, userId: number, values: Partial<typeof companies.$inferInsert>) {
  await db
    .update(companies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companies.userId, userId));
}

export async function insurancesOf(db: Executor, userId: number): Promise<InsuranceRow[]> {
  return db.select().from(companyInsurances).where(eq(companyInsurances.userId, userId));
}

export async function upsertInsurance(db: Executor, userId: number, kind: 'decennale' | 'rc_pro', values: Partial<typeof companyInsurances.$inferInsert>) {
  await db
    .insert(companyInsurances)
    .values({ userId, kind, ...values })
    .onConflictDoUpdate({ target: [companyInsurances.userId, companyInsurances.kind], set: { ...values, updatedAt: new Date() } });
}

export async function serviceRowsOf(db: Executor, userId: number) {
  return db
    .select({ id: services.id, name: services.name })
    .from(companyServices)
    .innerJoin(services, eq(services.id, companyServices.serviceId))
    .where(eq(companyServices.userId, userId))
    .orderBy(asc(services.position));
}

export async function replaceServices(db: Executor, userId: number, serviceIds: number[]) {
  await db.delete(companyServices).where(eq(companyServices.userId, userId));
  if (serviceIds.length) await db.insert(companyServices).values(serviceIds.map((serviceId) => ({ userId, serviceId })));
}

export async function preferredIds(db: Executor, userId: number) {
  const cats = await db.select({ id: companyCategories.categoryId }).from(companyCategories).where(eq(companyCategories.userId, userId));
  const goods = await db.select({ id: companyBiens.bienId }).from(companyBiens).where(eq(companyBiens.userId, userId));
  return { categoryIds: cats.map((c) => c.id).sort((a, b) => a - b), bienIds: goods.map((b) => b.id).sort((a, b) => a - b) };
}

export async function replacePreferredCatalog(db: Executor, userId: number, categoryIds: number[], bienIds: number[]) {
  await db.delete(companyCategories).where(eq(companyCategories.userId, userId));
  await db.delete(companyBiens).where(eq(companyBiens.userId, userId));
  if (categoryIds.length) await db.insert(companyCategories).values(categoryIds.map((categoryId) => ({ userId, categoryId })));
  if (bienIds.length) await db.insert(companyBiens).values(bienIds.map((bienId) => ({ userId, bienId })));
}

/** Counts behind the completeness checklist, for several professionals at once. */
export async function profileCounts(db: Executor, userIds: number[]) {
  const result = new Map<number, { services: number; zones: number; categories: number; references: number }>();
  for (const id of userIds) result.set(id, { services: 0, zones: 0, categories: 0, references: 0 });
  if (!userIds.length) return result;
  const count = sql<number>`count(*)::int`;
  const [s, z, c, r] = await Promise.all([
    db.select({ id: companyServices.userId, n: count }).from(companyServices).where(inArray(companyServices.userId, userIds)).groupBy(companyServices.userId),
    db
      .select({ id: interventionZones.userId, n: count })
      .from(interventionZones)
      .where(inArray(interventionZones.userId, userIds))
      .groupBy(interventionZones.userId),
    db
      .select({ id: companyCategories.userId, n: count })
      .from(companyCategories)
      .where(inArray(companyCategories.userId, userIds))
      .groupBy(companyCategories.userId),
    db
      .select({ id: companyReferences.userId, n: count })
      .from(companyReferences)
      .where(inArray(companyReferences.userId, userIds))
      .groupBy(companyReferences.userId),
  ]);
  for (const row of s) result.get(row.id)!.services = row.n;
  for (const row of z) result.get(row.id)!.zones = row.n;
  for (const row of c) result.get(row.id)!.categories = row.n;
  for (const row of r) result.get(row.id)!.references = row.n;
  return result;
}

export async function companiesOf(db: Executor, userIds: number[]) {
  if (!userIds.length) return [];
  return prepared(db, 'companies_of_users', (e) =>
    e
      .select()
      .from(companies)
      .where(sql`${companies.userId} = ANY(${sql.placeholder('ids')})`),
  ).execute({ ids: userIds });
}

export async function insurancesFor(db: Executor, userIds: number[]) {
  if (!userIds.length) return [];
  return db.select().from(companyInsurances).where(inArray(companyInsurances.userId, userIds));
}

// ---------- zones ----------

export async function zonesOf(db: Executor, userId: number) {
  return db.select().from(interventionZones).where(eq(interventionZones.userId, userId)).orderBy(asc(interventionZones.id));
}

export async function findZone(db: Executor, id: number) {
  const [row] = await db.select().from(interventionZones).where(eq(interventionZones.id, id));
  return row;
}

export async function countZones(db: Executor, userId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(interventionZones)
    .where(eq(interventionZones.userId, userId));
  return row.n;
}

// ---------- references ----------

export async function referencesOf(db: Executor, userId: number) {
  const refs = await db.select().from(companyReferences).where(eq(companyReferences.userId, userId)).orderBy(asc(companyReferences.id));
  const photos = refs.length
    ? await db
        .select()
        .from(referencePhotos)
        .where(
          inArray(
            referencePhotos.referenceId,
            refs.map((r) => r.id),
          ),
        )
        .orderBy(asc(referencePhotos.id))
    : [];
  return refs.map((r) => ({ ...r, photos: photos.filter((p) => p.referenceId === r.id) }));
}

export async function findReference(db: Executor, id: number) {
  const [row] = await db.select().from(companyReferences).where(eq(companyReferences.id, id));
  return row;
}

export async function photosOf(db: Executor, referenceId: number) {
  return db.select().from(referencePhotos).where(eq(referencePhotos.referenceId, referenceId)).orderBy(asc(referencePhotos.id));
}

export async function findPhoto(db: Executor, id: number) {
  const [row] = await db.select().from(referencePhotos).where(eq(referencePhotos.id, id));
  return row;
}

type ReferenceFields = Pick<typeof companyReferences.$inferInsert, 'title' | 'description' | 'city' | 'year' | 'amountCents'>;

/** The new reference's id. */
export async function insertReference(db: Executor, values: ReferenceFields & { userId: number }): Promise<number> {
  const [row] = await db.insert(companyReferences).values(values).returning({ id: companyReferences.id });
  return row.id;
}

export async function updateReference(db: Executor, id: number, values: ReferenceFields) {
  await db
    .update(companyReferences)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companyReferences.id, id));
}

/** True when the reference existed (its photos go with it). */
export async function deleteReference(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(companyReferences).where(eq(companyReferences.id, id)).returning({ id: companyReferences.id });
  return rows.length > 0;
}

export async function insertPhotos(db: Executor, values: Array<typeof referencePhotos.$inferInsert>) {
  await db.insert(referencePhotos).values(values);
}

export async function deletePhoto(db: Executor, id: number) {
  await db.delete(referencePhotos).where(eq(referencePhotos.id, id));
}

// ---------- users & leads ----------

/** One page of the leads kept, newest first (the admin's list, served by the users module through `ProfessionalAccounts`). */
export async function listLeads(db: Executor, page: number, perPage: number) {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(marketingLeads)
      .orderBy(desc(marketingLeads.createdAt), desc(marketingLeads.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    cappedCount(db, db.select({ one: sql`1` }).from(marketingLeads)),
  ]);
  return { rows, ...total };
}

export async function insertLead(db: Executor, values: typeof marketingLeads.$inferInsert) {
  const [row] = await db.insert(marketingLeads).values(values).returning({ id: marketingLeads.id });
  return row.id;
}

export async function markLead(db: Executor, id: number, values: { status: 'sent' | 'failed'; lastError?: string | null }) {
  await db
    .update(marketingLeads)
    .set({ status: values.status, lastError: values.lastError ?? null, forwardedAt: values.status === 'sent' ? new Date() : null })
    .where(eq(marketingLeads.id, id));
}

export async function findLead(db: Executor, id: number) {
  const [row] = await db.select().from(marketingLeads).where(eq(marketingLeads.id, id));
  return row;
}

export async function insertZone(db: Executor, values: typeof interventionZones.$inferInsert) {
  const [row] = await db.insert(interventionZones).values(values).returning();
  return row;
}

export async function updateZone(db: Executor, id: number, values: Partial<typeof interventionZones.$inferInsert>) {
  const [row] = await db
    .update(interventionZones)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(interventionZones.id, id))
    .returning();
  return row;
}

/** True when the zone existed. */
export async function deleteZone(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(interventionZones).where(eq(interventionZones.id, id)).returning({ id: interventionZones.id });
  return rows.length > 0;
}
