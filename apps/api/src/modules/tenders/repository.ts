import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  biens,
  categories,
  companies,
  companyBiens,
  companyCategories,
  companyInsurances,
  companyReferences,
  companyServices,
  interventionZones,
  offers,
  professions,
  projectFiles,
  projects,
  referencePhotos,
  services,
  tenderSettings,
  users,
  type Executor,
  type OfferRow,
} from '@ouvrage/db';
import { PROFESSIONAL_TYPES, TENDER_STATUSES_WITH_PROJECT_FILES, type TenderStatus } from '@ouvrage/domain';

/**
 * The status a tender really has now (same rule as `effectiveTenderStatus` in the domain):
 * an unanswered tender past its deadline is `Expirée`, on a cancelled or finished project `Clôturée`.
 * Lists, the bell and the answers all read it, so they agree between two sweeps.
 */
export const effectiveStatus = sql<TenderStatus>`(case
  when ${offers.status} = 'Disponible' and ${projects.state} in ('Annulé', 'Terminé') then 'Clôturée'
  when ${offers.status} = 'Disponible' and ${offers.replyDeadline} <= now() then 'Expirée'
  else ${offers.status} end)`;

/** Available = status `Disponible` (still, effectively) and validation "1" (spec §4). */
export const isAvailable = sql<boolean>`(${offers.validation} = '1' and ${offers.status} = 'Disponible' and ${offers.replyDeadline} > now()
  and (${projects.state} is null or ${projects.state} not in ('Annulé', 'Terminé')))`;

export function statusIs(status: TenderStatus): SQL {
  switch (status) {
    case 'Disponible':
      return isAvailable;
    case 'Expirée':
      return sql`(${offers.status} = 'Expirée' or (${offers.status} = 'Disponible' and ${offers.replyDeadline} <= now()
        and (${projects.state} is null or ${projects.state} not in ('Annulé', 'Terminé'))))`;
    case 'Clôturée':
      return sql`(${offers.status} = 'Clôturée' or (${offers.status} = 'Disponible' and ${projects.state} in ('Annulé', 'Terminé')))`;
    default:
      return eq(offers.status, status);
  }
}

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

export async function getSettings(db: Executor) {
  const [row] = await db.select().from(tenderSettings).where(eq(tenderSettings.id, true));
  return row ?? { id: true, maxAcceptances: 3, defaultReplyDays: 7, updatedAt: new Date() };
}

export async function updateSettings(db: Executor, values: { maxAcceptances?: number; defaultReplyDays?: number }) {
  await db
    .insert(tenderSettings)
    .values({ id: true, ...values })
    .onConflictDoUpdate({ target: tenderSettings.id, set: { ...values, updatedAt: new Date() } });
  return getSettings(db);
}

// ---------------------------------------------------------------------------------------------
// Projects as tenders see them
// ---------------------------------------------------------------------------------------------

const projectWithNames = {
  project: projects,
  categoryName: categories.name,
  categorySlug: categories.slug,
  bienName: biens.name,
};

export async function findProject(db: Executor, id: number) {
  const [row] = await db
    .select(projectWithNames)
    .from(projects)
    .innerJoin(categories, eq(categories.id, projects.categoryId))
    .innerJoin(biens, eq(biens.id, projects.bienId))
    .where(eq(projects.id, id));
  return row;
}
export type ProjectForTender = NonNullable<Awaited<ReturnType<typeof findProject>>>;

/** Lock the project row: every change to a project's tenders takes this lock first (no deadlocks). */
export async function lockProject(db: Executor, id: number) {
  const [row] = await db.select({ id: projects.id, state: projects.state }).from(projects).where(eq(projects.id, id)).for('update');
  return row;
}

export async function filesOfProjects(db: Executor, projectIds: number[]) {
  if (projectIds.length === 0) return [];
  return db
    .select({ id: projectFiles.id, projectId: projectFiles.projectId, name: projectFiles.originalName, mimeType: projectFiles.mimeType, sizeBytes: projectFiles.sizeBytes })
    .from(projectFiles)
    .where(inArray(projectFiles.projectId, projectIds))
    .orderBy(asc(projectFiles.id));
}

export async function findProjectFile(db: Executor, fileId: number) {
  const [row] = await db.select().from(projectFiles).where(eq(projectFiles.id, fileId));
  return row;
}

// ---------------------------------------------------------------------------------------------
// Candidates for matching
// ---------------------------------------------------------------------------------------------

export interface Candidate {
  id: number;
  userType: string;
  firstname: string;
  lastname: string;
  email: string;
  company: string | null;
  professionSlug: string | null;
  professionName: string | null;
  budgetMinCents: number | null;
  budgetMaxCents: number | null;
  clientTypes: string[];
  services: Array<{ name: string; professionSlug: string | null }>;
  zones: Array<typeof interventionZones.$inferSelect>;
  categoryIds: number[];
  bienIds: number[];
}

/**
 * Validated professionals (never pending, refused or anonymised ones) with what matching needs.
 * `departement`: only those with a zone that may cover it (the département itself, or any commune radius).
 */
export async function validatedProfessionals(db: Executor, filter: { departement?: string; ids?: number[] }): Promise<Candidate[]> {
  const conditions: SQL[] = [inArray(users.userType, [...PROFESSIONAL_TYPES]), eq(users.isValidate, 'Validé'), isNull(users.anonymizedAt)];
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
      .select({ userId: companyServices.userId, name: services.name, professionSlug: professions.slug })
      .from(companyServices)
      .innerJoin(services, eq(services.id, companyServices.serviceId))
      .leftJoin(professions, eq(professions.id, services.professionId))
      .where(inArray(companyServices.userId, ids)),
    db.select().from(interventionZones).where(inArray(interventionZones.userId, ids)),
    db.select().from(companyCategories).where(inArray(companyCategories.userId, ids)),
    db.select().from(companyBiens).where(inArray(companyBiens.userId, ids)),
  ]);
  const group = <T extends { userId: number }>(list: T[]) => {
    const map = new Map<number, T[]>();
    for (const item of list) map.set(item.userId, [...(map.get(item.userId) ?? []), item]);
    return map;
  };
  const byService = group(serviceRows);
  const byZone = group(zoneRows);
  const byCategory = group(categoryRows);
  const byBien = group(bienRows);
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
    services: (byService.get(r.id) ?? []).map((s) => ({ name: s.name, professionSlug: s.professionSlug })),
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

// ---------------------------------------------------------------------------------------------
// Tenders
// ---------------------------------------------------------------------------------------------

export async function tendersOfProject(db: Executor, projectId: number) {
  return db
    .select({ id: offers.id, professionalId: offers.professionalId, status: effectiveStatus })
    .from(offers)
    .innerJoin(projects, eq(projects.id, offers.projectId))
    .where(eq(offers.projectId, projectId));
}

export async function countAccepted(db: Executor, projectId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(offers)
    .where(and(eq(offers.projectId, projectId), eq(offers.status, 'Acceptée')));
  return row.n;
}

export async function insertTender(db: Executor, values: typeof offers.$inferInsert): Promise<OfferRow> {
  const [row] = await db.insert(offers).values(values).returning();
  return row;
}

/** Send again a tender that was withdrawn or expired: it starts afresh. */
export async function reissueTender(db: Executor, id: number, values: { replyDeadline: Date; adminMessage: string | null; createdBy: number; matchScore: number | null }) {
  const [row] = await db
    .update(offers)
    .set({ ...values, status: 'Disponible', validation: '1', refusalReason: null, answeredAt: null, closedAt: null, createdAt: new Date(), updatedAt: new Date() })
    .where(eq(offers.id, id))
    .returning();
  return row;
}

export async function lockTender(db: Executor, id: number): Promise<OfferRow | undefined> {
  const [row] = await db.select().from(offers).where(eq(offers.id, id)).for('update');
  return row;
}

export async function findTender(db: Executor, id: number): Promise<OfferRow | undefined> {
  const [row] = await db.select().from(offers).where(eq(offers.id, id));
  return row;
}

export async function setTenderStatus(db: Executor, id: number, values: Partial<typeof offers.$inferInsert>) {
  const [row] = await db
    .update(offers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(offers.id, id))
    .returning();
  return row;
}

/** Close every tender of the project still `Disponible` (N acceptances reached). */
export async function closeRemaining(db: Executor, projectId: number) {
  return db
    .update(offers)
    .set({ status: 'Clôturée', closedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(offers.projectId, projectId), eq(offers.status, 'Disponible')))
    .returning({ id: offers.id, professionalId: offers.professionalId });
}

export async function ownersOfTender(db: Executor, id: number): Promise<number[] | null> {
  const [row] = await db.select({ professionalId: offers.professionalId }).from(offers).where(eq(offers.id, id));
  return row ? [row.professionalId] : null;
}

/** A professional's tenders keep their account (decision 0441), whatever their status. */
export async function professionalHasTenders(db: Executor, professionalId: number): Promise<boolean> {
  const rows = await db.select({ id: offers.id }).from(offers).where(eq(offers.professionalId, professionalId)).limit(1);
  return rows.length > 0;
}

/**
 * Who may read a project file through the tender screens (decision 0440): the professionals with a
 * sent tender on the file's project that is still `Disponible` (effectively: not expired, project
 * open) or `Acceptée`. Refused, withdrawn, expired and closed tenders no longer give access.
 * Null when the file does not exist.
 */
export async function ownersOfTenderFile(db: Executor, fileId: number): Promise<number[] | null> {
  const [file] = await db.select({ projectId: projectFiles.projectId }).from(projectFiles).where(eq(projectFiles.id, fileId));
  if (!file) return null;
  const rows = await db
    .select({ id: offers.professionalId })
    .from(offers)
    .innerJoin(projects, eq(projects.id, offers.projectId))
    .where(and(eq(offers.projectId, file.projectId), eq(offers.validation, '1'), inArray(effectiveStatus, [...TENDER_STATUSES_WITH_PROJECT_FILES])));
  return rows.map((r) => r.id);
}

const tenderWithProject = {
  offer: offers,
  status: effectiveStatus,
  available: isAvailable,
  project: projects,
  categoryName: categories.name,
  bienName: biens.name,
};

export async function findTenderWithProject(db: Executor, id: number) {
  const [row] = await db
    .select(tenderWithProject)
    .from(offers)
    .innerJoin(projects, eq(projects.id, offers.projectId))
    .innerJoin(categories, eq(categories.id, projects.categoryId))
    .innerJoin(biens, eq(biens.id, projects.bienId))
    .where(eq(offers.id, id));
  return row;
}
export type TenderWithProject = NonNullable<Awaited<ReturnType<typeof findTenderWithProject>>>;

/** A professional's tenders (sent ones; withdrawn ones are no longer shown), available first. */
export async function listForProfessional(db: Executor, professionalId: number, scope: 'all' | 'available' | 'past', page: { limit: number; offset: number }) {
  const conditions: SQL[] = [eq(offers.professionalId, professionalId), eq(offers.validation, '1'), sql`${offers.status} <> 'Retirée'`];
  if (scope === 'available') conditions.push(isAvailable);
  if (scope === 'past') conditions.push(sql`not ${isAvailable}`);
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(tenderWithProject)
      .from(offers)
      .innerJoin(projects, eq(projects.id, offers.projectId))
      .innerJoin(categories, eq(categories.id, projects.categoryId))
      .innerJoin(biens, eq(biens.id, projects.bienId))
      .where(where)
      .orderBy(desc(isAvailable), asc(sql`case when ${isAvailable} then ${offers.replyDeadline} end`), desc(offers.createdAt), desc(offers.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: count() })
      .from(offers)
      .innerJoin(projects, eq(projects.id, offers.projectId))
      .where(where),
  ]);
  return { rows, total };
}

/** Tenders the professional accepted, newest acceptance first. */
export async function listAccepted(db: Executor, professionalId: number, page: { limit: number; offset: number }) {
  const where = and(eq(offers.professionalId, professionalId), eq(offers.status, 'Acceptée'));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(tenderWithProject)
      .from(offers)
      .innerJoin(projects, eq(projects.id, offers.projectId))
      .innerJoin(categories, eq(categories.id, projects.categoryId))
      .innerJoin(biens, eq(biens.id, projects.bienId))
      .where(where)
      .orderBy(desc(offers.answeredAt), desc(offers.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(offers).where(where),
  ]);
  return { rows, total };
}

/** All accepted tenders of a professional with their project (to group by client). */
export async function allAccepted(db: Executor, professionalId: number) {
  return db
    .select(tenderWithProject)
    .from(offers)
    .innerJoin(projects, eq(projects.id, offers.projectId))
    .innerJoin(categories, eq(categories.id, projects.categoryId))
    .innerJoin(biens, eq(biens.id, projects.bienId))
    .where(and(eq(offers.professionalId, professionalId), eq(offers.status, 'Acceptée')))
    .orderBy(desc(offers.answeredAt), desc(offers.id))
    .limit(5000);
}

/** The bell's list: a professional's sent tenders, or for the admin every tender awaiting an answer first. */
export async function bellList(db: Executor, professionalId?: number) {
  const where = professionalId ? and(eq(offers.professionalId, professionalId), sql`${offers.status} <> 'Retirée'`) : undefined;
  return db
    .select({ offer: offers, status: effectiveStatus })
    .from(offers)
    .leftJoin(projects, eq(projects.id, offers.projectId))
    .where(where)
    .orderBy(desc(isAvailable), desc(offers.id))
    .limit(500);
}

export async function countAvailable(db: Executor, professionalId?: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(offers)
    .leftJoin(projects, eq(projects.id, offers.projectId))
    .where(professionalId ? and(eq(offers.professionalId, professionalId), isAvailable) : isAvailable);
  return row.n;
}

export interface AdminFilters {
  projectId?: number;
  professionalId?: number;
  status?: TenderStatus;
}

/** A tender as the admin lists show it: project, client and professional alongside. */
function adminRowsQuery(db: Executor) {
  return db
    .select({
      offer: offers,
      status: effectiveStatus,
      projectState: projects.state,
      categoryName: categories.name,
      bienName: biens.name,
      city: projects.city,
      clientFirstname: projects.firstname,
      clientLastname: projects.lastname,
      clientCompany: projects.companyName,
      proFirstname: users.firstname,
      proLastname: users.lastname,
      proEmail: users.email,
      proType: users.userType,
      proCompany: companies.raisonSociale,
      proTradeName: companies.tradeName,
    })
    .from(offers)
    .innerJoin(projects, eq(projects.id, offers.projectId))
    .innerJoin(categories, eq(categories.id, projects.categoryId))
    .innerJoin(biens, eq(biens.id, projects.bienId))
    .innerJoin(users, eq(users.id, offers.professionalId))
    .leftJoin(companies, eq(companies.userId, offers.professionalId));
}

export async function listAdmin(db: Executor, f: AdminFilters, page: { limit: number; offset: number }) {
  const conditions: SQL[] = [eq(offers.validation, '1')];
  if (f.projectId) conditions.push(eq(offers.projectId, f.projectId));
  if (f.professionalId) conditions.push(eq(offers.professionalId, f.professionalId));
  if (f.status) conditions.push(statusIs(f.status));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    adminRowsQuery(db)
      .where(where)
      .orderBy(desc(offers.createdAt), desc(offers.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: count() })
      .from(offers)
      .innerJoin(projects, eq(projects.id, offers.projectId))
      .where(where),
  ]);
  return { rows, total };
}
export type AdminRow = Awaited<ReturnType<typeof listAdmin>>['rows'][number];

export async function adminRowsByIds(db: Executor, ids: number[]) {
  if (!ids.length) return [];
  const rows = await adminRowsQuery(db)
    .where(inArray(offers.id, ids))
    .orderBy(asc(offers.id));
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Professionals who accepted a project, with their public profile
// ---------------------------------------------------------------------------------------------

export async function acceptedProfessionals(db: Executor, projectId: number) {
  const rows = await db
    .select({
      tenderId: offers.id,
      answeredAt: offers.answeredAt,
      user: { id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email, phone: users.phone, userType: users.userType },
      company: companies,
      profession: professions.name,
    })
    .from(offers)
    .innerJoin(users, eq(users.id, offers.professionalId))
    .leftJoin(companies, eq(companies.userId, offers.professionalId))
    .leftJoin(professions, eq(professions.id, companies.professionId))
    .where(and(eq(offers.projectId, projectId), eq(offers.status, 'Acceptée')))
    .orderBy(asc(offers.answeredAt), asc(offers.id));
  const ids = rows.map((r) => r.user.id);
  if (!ids.length) return { rows, services: [], insurances: [], references: [], photos: [] };
  const [serviceRows, insurances, references] = await Promise.all([
    db
      .select({ userId: companyServices.userId, name: services.name })
      .from(companyServices)
      .innerJoin(services, eq(services.id, companyServices.serviceId))
      .where(inArray(companyServices.userId, ids))
      .orderBy(asc(services.position)),
    db
      .select()
      .from(companyInsurances)
      .where(and(inArray(companyInsurances.userId, ids), eq(companyInsurances.kind, 'decennale'))),
    db
      .select()
      .from(companyReferences)
      .where(inArray(companyReferences.userId, ids))
      .orderBy(desc(companyReferences.year), desc(companyReferences.id)),
  ]);
  const refIds = references.map((r) => r.id);
  const photos = refIds.length
    ? await db.select({ id: referencePhotos.id, referenceId: referencePhotos.referenceId }).from(referencePhotos).where(inArray(referencePhotos.referenceId, refIds)).orderBy(asc(referencePhotos.id))
    : [];
  return { rows, services: serviceRows, insurances, references, photos };
}

// ---------------------------------------------------------------------------------------------
// Sweep: persist what time decided
// ---------------------------------------------------------------------------------------------

/**
 * Persist `Expirée` for tenders past their deadline and `Clôturée` for tenders of closed projects.
 * Rows locked by an answer in progress are skipped (SKIP LOCKED): the answer decides, the next
 * sweep catches up, and the sweep never waits on (or deadlocks with) an answer.
 */
export async function sweep(db: Executor) {
  const expired = await db
    .update(offers)
    .set({ status: 'Expirée', closedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      inArray(
        offers.id,
        db
          .select({ id: offers.id })
          .from(offers)
          .where(and(eq(offers.status, 'Disponible'), sql`${offers.replyDeadline} <= now()`))
          .limit(1000)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ id: offers.id, professionalId: offers.professionalId });
  const closed = await db
    .update(offers)
    .set({ status: 'Clôturée', closedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      inArray(
        offers.id,
        db
          .select({ id: offers.id })
          .from(offers)
          .innerJoin(projects, eq(projects.id, offers.projectId))
          .where(and(eq(offers.status, 'Disponible'), or(eq(projects.state, 'Annulé'), eq(projects.state, 'Terminé'))))
          .limit(1000)
          .for('update', { of: offers, skipLocked: true }),
      ),
    )
    .returning({ id: offers.id, professionalId: offers.professionalId });
  return { expired, closed };
}

/** Projects whose state lags behind their tenders (a state change that failed after its commit). */
export async function laggingProjects(db: Executor) {
  return db
    .select({ projectId: projects.id, state: projects.state, professionalId: offers.professionalId, createdBy: offers.createdBy, status: offers.status })
    .from(projects)
    .innerJoin(offers, eq(offers.projectId, projects.id))
    .where(
      or(
        and(eq(projects.state, 'Validé'), eq(offers.validation, '1'), inArray(offers.status, ['Disponible', 'Acceptée'])),
        and(eq(projects.state, 'En consultation'), eq(offers.status, 'Acceptée')),
      ),
    )
    .limit(100);
}

export async function adminEmails(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.userType, 'admin'), isNull(users.anonymizedAt)));
  return rows.map((r) => r.email);
}

export async function findUser(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function companyName(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db.select({ raisonSociale: companies.raisonSociale, tradeName: companies.tradeName }).from(companies).where(eq(companies.userId, userId));
  return row ? row.tradeName || row.raisonSociale || null : null;
}
