import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { companies, emailChangeRequests, professions, users, type Executor } from '@ouvrage/db';
import { PROFESSIONAL_TYPES, searchNormalize, type Language, type UserType } from '@ouvrage/domain';
import type { AccountListQuery } from '@ouvrage/contracts';
import { cappedCount, searchedPage } from '../../lib/capped-count';
import { searchVectorOf, wordStartsQuery } from '../../lib/search-vector';
import { prepared } from '../../lib/prepared';

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Admin user lists: clients, professionals (with company, trade and head-office département) or everyone. */
export async function listAccounts(db: Executor, q: AccountListQuery) {
  const conditions: SQL[] = [isNull(users.anonymizedAt)];
  if (q.group === 'client') conditions.push(eq(users.userType, 'client'));
  if (q.group === 'admin') conditions.push(eq(users.userType, 'admin'));
  if (q.group === 'pro') conditions.push(sql`${users.userType} IN ('professionnel', 'dessinateur', 'architecte')`);
  if (q.user_type) conditions.push(eq(users.userType, q.user_type));
  if (q.is_validate) conditions.push(eq(users.isValidate, q.is_validate));
  if (q.profession_id) conditions.push(eq(companies.professionId, q.profession_id));
  if (q.departement) conditions.push(sql`${companies.headOfficeCitycode} LIKE ${`${escapeLike(q.departement)}%`}`);
  if (q.q) {
    // Accounts whose name or e-mail have words starting with every typed word, or whose company's
    // names do (migration 0027), or whose SIRET starts with the digits typed. The users' part is
    // a condition of the table itself, so the planner knows from its word statistics whether to
    // walk the accounts by date and test each (a common word) or read the word index (a rare one);
    // the companies' part is the small set of professionals' ids, read once (decision 0967; the
    // whole union as `= ANY(ARRAY(…))` fetched every matching account to sort them: 37 ms for
    // « martin » at 705 000 accounts).
    const terms = searchNormalize(q.q)
      .replace(/[^a-z0-9]+/g, ' ')
      .split(' ')
      .filter(Boolean)
      .slice(0, 8);
    const digits = q.q.replace(/\s/g, '');
    const companyParts = [];
    const matches: SQL[] = [];
    if (terms.length) {
      const words = sql`to_tsquery('simple', ${wordStartsQuery(terms)})`;
      matches.push(sql`${searchVectorOf(users)} @@ ${words}`);
      companyParts.push(sql`SELECT user_id FROM ${companies} WHERE ${searchVectorOf(companies)} @@ ${words}`);
    }
    if (/^\d{3,14}$/.test(digits)) companyParts.push(sql`SELECT user_id FROM ${companies} WHERE ${companies.siret} LIKE ${`${digits}%`}`);
    if (companyParts.length) matches.push(sql`${users.id} = ANY(ARRAY(${sql.join(companyParts, sql` UNION `)}))`);
    conditions.push(matches.length ? or(...matches)! : sql`false`);
  }
  const where = and(...conditions);
  const order = q.sort === 'name' ? [asc(sql`lower(${users.lastname})`), asc(users.id)] : [desc(users.createdAt), desc(users.id)];
  const base = db
    .select({
      id: users.id,
      civility: users.civility,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      phone: users.phone,
      userType: users.userType,
      isValidate: users.isValidate,
      createdAt: users.createdAt,
      raisonSociale: companies.raisonSociale,
      siret: companies.siret,
      citycode: companies.headOfficeCitycode,
      hasCompany: sql<boolean>`${companies.userId} IS NOT NULL`,
      professionName: professions.name,
    })
    .from(users)
    .leftJoin(companies, eq(companies.userId, users.id))
    .leftJoin(professions, eq(professions.id, companies.professionId))
    .where(where);
  const page = { limit: q.per_page, offset: (q.page - 1) * q.per_page };
  const pageRows = () =>
    base
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset);
  const matching = db
    .select({ one: sql`1` })
    .from(users)
    .leftJoin(companies, eq(companies.userId, users.id))
    .where(where);
  const total = (estimated?: number) => cappedCount(db, matching, { estimated });
  // Searched by words, the count runs only when the page does not tell the total (decision 0975).
  if (q.q) return searchedPage(db, page, pageRows, total, matching);
  const [rows, counted] = await Promise.all([pageRows(), total()]);
  return { rows, ...counted };
}

export async function findUser(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUsers(db: Executor, ids: number[]) {
  if (!ids.length) return [];
  // Prepared (decision 0966): every list names the people on its page.
  return prepared(db, 'users_by_ids', (e) =>
    e
      .select()
      .from(users)
      .where(sql`${users.id} = ANY(${sql.placeholder('ids')})`),
  ).execute({ ids });
}

/** Case-insensitive, as every e-mail comparison of the platform. */
export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function updateUser(db: Executor, id: number, values: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set({ ...values, updatedAt: values.updatedAt ?? new Date() })
    .where(eq(users.id, id));
}

/** The new hash and a session-version bump, which voids the access tokens already issued. */
export async function setPassword(db: Executor, id: number, passwordHash: string, now: Date) {
  await db
    .update(users)
    .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: now })
    .where(eq(users.id, id));
}

/** The language of the app and of the user's e-mails, chosen on the notification settings. */
export async function setLanguage(db: Executor, id: number, language: Language) {
  await db.update(users).set({ language }).where(eq(users.id, id));
}

/** Void the user's access tokens already issued (logout): they carry the previous version. */
export async function bumpSessionVersion(db: Executor, id: number) {
  await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, id));
}

/** The user row, locked until the end of the caller's transaction. */
export async function lockUser(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function deleteUser(db: Executor, id: number) {
  await db.delete(users).where(eq(users.id, id));
}

/** Clear the account's personal data and its pending e-mail changes; the row (and its id) stays. Its sessions are the auth module's (`forgetSessions`). */
export async function anonymiseUser(db: Executor, id: number, now: Date) {
  await db
    .update(users)
    .set({
      email: `anonyme-${id}@supprime.invalid`,
      passwordHash: null,
      civility: null,
      firstname: 'Compte',
      lastname: 'supprimé',
      phone: null,
      country: null,
      validationReason: null,
      anonymizedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, id));
  await db.delete(emailChangeRequests).where(eq(emailChangeRequests.userId, id));
}

/** A new e-mail change request replaces the pending ones. */
export async function replaceEmailChangeRequest(db: Executor, values: typeof emailChangeRequests.$inferInsert & { now: Date }) {
  const { now, ...request } = values;
  await db
    .update(emailChangeRequests)
    .set({ usedAt: now })
    .where(and(eq(emailChangeRequests.userId, request.userId), isNull(emailChangeRequests.usedAt)));
  await db.insert(emailChangeRequests).values(request);
}

export async function lockEmailChangeRequest(db: Executor, tokenHash: string) {
  const [row] = await db.select().from(emailChangeRequests).where(eq(emailChangeRequests.tokenHash, tokenHash)).for('update');
  return row;
}

export async function useEmailChangeRequest(db: Executor, id: number, now: Date) {
  await db.update(emailChangeRequests).set({ usedAt: now }).where(eq(emailChangeRequests.id, id));
}

/** Admins still active (not anonymised): who receives the platform's notices. */
export async function activeAdmins(db: Executor) {
  return db
    .select({ id: users.id, email: users.email, firstname: users.firstname, language: users.language })
    .from(users)
    .where(and(eq(users.userType, 'admin'), isNull(users.anonymizedAt)))
    .orderBy(asc(users.id));
}

export async function emailTakenByOther(db: Executor, email: string, exceptId?: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return !!row && row.id !== exceptId;
}

export function isProfessionalType(type: string): boolean {
  return (PROFESSIONAL_TYPES as readonly string[]).includes(type);
}

export async function pendingEmailChange(db: Executor, userId: number) {
  const [row] = await db
    .select()
    .from(emailChangeRequests)
    .where(and(eq(emailChangeRequests.userId, userId), isNull(emailChangeRequests.usedAt), sql`${emailChangeRequests.expiresAt} > now()`))
    .orderBy(desc(emailChangeRequests.id))
    .limit(1);
  return row;
}

export type { UserType };

/** Professionals whose name, e-mail or company name contains `text` (the admin's tender list filter). At most `limit`. */
export async function searchProfessionalIds(db: Executor, text: string, limit = 500): Promise<number[]> {
  const like = `%${escapeLike(text.trim())}%`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(companies, eq(companies.userId, users.id))
    .where(
      and(
        inArray(users.userType, [...PROFESSIONAL_TYPES]),
        or(
          ilike(users.lastname, like),
          ilike(users.firstname, like),
          ilike(sql`${users.firstname} || ' ' || ${users.lastname}`, like),
          ilike(users.email, like),
          ilike(companies.raisonSociale, like),
          ilike(companies.tradeName, like),
        ),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}
