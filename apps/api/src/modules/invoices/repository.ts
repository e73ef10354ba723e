import { and, asc, desc, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { creditNotes, invoices, invoiceSettings, type CreditNoteRow, type Executor, type InvoiceRow, type InvoiceSettingsRow } from '@ouvrage/db';
import { INVOICE_STATUSES, RETENTION_PAYMENT_DAYS, type InvoiceKind, type InvoiceStatus } from '@ouvrage/domain';
import { preparedCappedCount, searchedPage } from '../../lib/capped-count';
import { byPlaceholder, byValue, prepared, shapeOf, type Bind } from '../../lib/prepared';
import { searchVectorOf, wordStartsQuery } from '../../lib/search-vector';

export type { CreditNoteRow, InvoiceRow, InvoiceSettingsRow };
export type InvoiceInsert = typeof invoices.$inferInsert;
export type CreditNoteInsert = typeof creditNotes.$inferInsert;

export async function findInvoice(db: Executor, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

/** The invoice row locked until the caller's transaction ends (a credit note, later a payment, takes it first). */
export async function lockInvoice(db: Executor, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).for('update');
  return row;
}

/** Owners of an invoice for access control: its issuer and its client; null when unknown. */
export async function ownersOfInvoice(db: Executor, id: number): Promise<number[] | null> {
  const [row] = await db.select({ issuerId: invoices.issuerId, clientId: invoices.clientId }).from(invoices).where(eq(invoices.id, id));
  return row ? [row.issuerId, row.clientId] : null;
}

export async function insertInvoice(db: Executor, values: InvoiceInsert): Promise<InvoiceRow> {
  const [row] = await db.insert(invoices).values(values).returning();
  return row;
}

/** Invoices of a quote, in issue order. */
export async function invoicesOfQuote(db: Executor, quoteId: number): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(eq(invoices.quoteId, quoteId)).orderBy(asc(invoices.id));
}

/** Invoices of a quote, in issue order, locked until the caller's transaction ends (the quote's final account, decision 1222). */
export async function lockInvoicesOfQuote(db: Executor, quoteId: number): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(eq(invoices.quoteId, quoteId)).orderBy(asc(invoices.id)).for('update');
}

export async function creditNotesOf(db: Executor, invoiceIds: number[]): Promise<CreditNoteRow[]> {
  if (!invoiceIds.length) return [];
  return db.select().from(creditNotes).where(inArray(creditNotes.invoiceId, invoiceIds)).orderBy(asc(creditNotes.id));
}

export async function findCreditNote(db: Executor, id: number): Promise<CreditNoteRow | undefined> {
  const [row] = await db.select().from(creditNotes).where(eq(creditNotes.id, id));
  return row;
}

/** Owners of a credit note for access control: those of the invoice it cancels (its issuer and its client). */
export async function ownersOfCreditNote(db: Executor, id: number): Promise<number[] | null> {
  const [row] = await db.select({ issuerId: creditNotes.issuerId, clientId: creditNotes.clientId }).from(creditNotes).where(eq(creditNotes.id, id));
  return row ? [row.issuerId, row.clientId] : null;
}

export async function insertCreditNote(db: Executor, values: CreditNoteInsert): Promise<CreditNoteRow> {
  const [row] = await db.insert(creditNotes).values(values).returning();
  return row;
}

/** The only change an issued invoice knows besides payments: what its credit notes took back. */
export async function addCredited(db: Executor, id: number, cents: number): Promise<InvoiceRow> {
  const [row] = await db
    .update(invoices)
    .set({ creditedCents: sql`${invoices.creditedCents} + ${cents}` })
    .where(eq(invoices.id, id))
    .returning();
  return row;
}

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

export interface InvoiceFilter {
  issuerId?: number;
  clientId?: number;
  quoteId?: number;
  kind?: InvoiceKind;
  status?: { status: InvoiceStatus; today: string };
  /** Words that must each start a word of the invoice's search text. */
  search?: string[];
}

/** The status a row shows today, in SQL: the same order of rules as the domain's `invoiceStatus`. */
export function statusSql(today: string | SQLWrapper): SQL {
  return sql`(case
    when ${invoices.creditedCents} >= ${invoices.totalTtcCents} then 'Annulée'
    when ${invoices.paidCents} + ${invoices.creditedCents} + (case when ${invoices.retentionReleasedOn} is null then ${invoices.retentionCents} else 0 end) >= ${invoices.totalTtcCents} then 'Payée'
    when ${invoices.paidCents} + ${invoices.creditedCents} + ${invoices.retentionCents} < ${invoices.totalTtcCents} and ${invoices.dueDate} < ${today}::date then 'En retard'
    when ${invoices.retentionReleasedOn} is not null and ${invoices.retentionReleasedOn} + ${RETENTION_PAYMENT_DAYS}::int < ${today}::date then 'En retard'
    when ${invoices.paidCents} > 0 then 'Partiellement payée'
    else 'Émise' end)`;
}

/**
 * The class of rows a status belongs to, whatever the day (migration 0025): cancelled, paid, or
 * open (late, partly paid, issued). Written as the partial indexes' predicates, so a status
 * filter reads its class's index and then checks the exact status.
 */
function statusClassSql(status: InvoiceStatus): SQL {
  const settled = sql`${invoices.paidCents} + ${invoices.creditedCents} + (CASE WHEN ${invoices.retentionReleasedOn} IS NULL THEN ${invoices.retentionCents} ELSE 0 END)`;
  if (status === 'Annulée') return sql`${invoices.creditedCents} >= ${invoices.totalTtcCents}`;
  const notCancelled = sql`${invoices.creditedCents} < ${invoices.totalTtcCents}`;
  return status === 'Payée'
    ? sql`${notCancelled} AND ${settled} >= ${invoices.totalTtcCents}`
    : sql`${notCancelled} AND ${settled} < ${invoices.totalTtcCents}`;
}

/**
 * A status filter. Over every invoice (the admin), the status's class narrows the rows to its
 * partial index first; over one issuer's or client's invoices their own index is the narrower
 * one, and the class would only tempt the planner to combine both.
 */
function statusCondition(f: InvoiceFilter, status: { status: InvoiceStatus; today: string }, bind: Bind): SQL {
  const exact = sql`${statusSql(bind('today', status.today))} = ${bind('status', status.status)}`;
  return f.issuerId === undefined && f.clientId === undefined ? sql`${statusClassSql(status.status)} AND ${exact}` : exact;
}

function whereOf(f: InvoiceFilter, bind: Bind = byValue): SQL | undefined {
  const conditions: Array<SQL | undefined> = [
    f.issuerId !== undefined ? eq(invoices.issuerId, bind('issuerId', f.issuerId)) : undefined,
    f.clientId !== undefined ? eq(invoices.clientId, bind('clientId', f.clientId)) : undefined,
    f.quoteId !== undefined ? eq(invoices.quoteId, bind('quoteId', f.quoteId)) : undefined,
    f.kind ? eq(invoices.kind, bind('kind', f.kind)) : undefined,
    f.status ? statusCondition(f, f.status, bind) : undefined,
    f.search?.length ? sql`${searchVectorOf(invoices)} @@ to_tsquery('simple', ${bind('search', wordStartsQuery(f.search))})` : undefined,
  ];
  return and(...conditions.filter((c): c is SQL => c !== undefined));
}

/**
 * A page of invoices and their capped count, prepared per combination of filters (decision 0966;
 * a status filter's class is part of the SQL, so its status is part of the key).
 */
export async function listInvoices(db: Executor, filter: InvoiceFilter, page: { limit: number; offset: number }) {
  const shape = `${shapeOf({ ...filter, status: undefined })}${filter.status ? `_status_${INVOICE_STATUSES.indexOf(filter.status.status)}` : ''}`;
  const where = whereOf(filter, byPlaceholder);
  const order = [desc(invoices.issuedAt), desc(invoices.id)];
  // A search's best plan depends on its words (decision 0980).
  const planPerValue = Boolean(filter.search?.length);
  const rows = prepared(
    db,
    `invoices_list_${shape}`,
    (e) => {
      // The page's ids first (an index-only walk past the offset), then those rows (decision 0963).
      const pageIds = e
        .select({ id: invoices.id })
        .from(invoices)
        .where(where)
        .orderBy(...order)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
      return e
        .select()
        .from(invoices)
        .where(inArray(invoices.id, pageIds))
        .orderBy(...order);
    },
    { planPerValue },
  );
  const count = preparedCappedCount(
    db,
    `invoices_count_${shape}`,
    (e) =>
      e
        .select({ one: sql`1` })
        .from(invoices)
        .where(where),
    { planPerValue },
  );
  const values = {
    ...filter,
    today: filter.status?.today,
    status: filter.status?.status,
    search: filter.search?.length ? wordStartsQuery(filter.search) : undefined,
  };
  const pageRows = () => rows.execute({ ...values, limit: page.limit, offset: page.offset });
  const total = (estimated?: number) => count(values, estimated);
  if (filter.search?.length)
    return searchedPage(
      db,
      page,
      pageRows,
      total,
      db
        .select({ one: sql`1` })
        .from(invoices)
        .where(whereOf(filter)),
    );
  const [found, counted] = await Promise.all([pageRows(), total()]);
  return { rows: found, ...counted };
}

// ---------------------------------------------------------------------------------------------
// Settings, retention
// ---------------------------------------------------------------------------------------------

export async function findSettings(db: Executor, userId: number): Promise<InvoiceSettingsRow | undefined> {
  const [row] = await db.select().from(invoiceSettings).where(eq(invoiceSettings.userId, userId));
  return row;
}

export async function upsertSettings(
  db: Executor,
  userId: number,
  values: { iban: string | null; bic: string | null; tvaOnDebits: boolean; updatedAt: Date },
): Promise<InvoiceSettingsRow> {
  const [row] = await db
    .insert(invoiceSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: invoiceSettings.userId, set: values })
    .returning();
  return row;
}

export async function invoicesNameUser(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(or(eq(invoices.issuerId, userId), eq(invoices.clientId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** A project's invoices (of one issuer when given), for its timeline (decision 0830). */
export async function invoicesOfProject(db: Executor, projectId: number, issuerId?: number) {
  return db
    .select({
      id: invoices.id,
      number: invoices.number,
      kind: invoices.kind,
      issuerId: invoices.issuerId,
      issuedAt: invoices.issuedAt,
      totalTtcCents: invoices.totalTtcCents,
    })
    .from(invoices)
    .where(and(eq(invoices.projectId, projectId), issuerId === undefined ? undefined : eq(invoices.issuerId, issuerId)))
    .orderBy(asc(invoices.id));
}

/** The credit notes of those invoices. */
export async function creditNotesOfInvoices(db: Executor, invoiceIds: number[]) {
  if (invoiceIds.length === 0) return [];
  return db
    .select({
      id: creditNotes.id,
      invoiceId: creditNotes.invoiceId,
      number: creditNotes.number,
      issuerId: creditNotes.issuerId,
      issuedAt: creditNotes.issuedAt,
      totalTtcCents: creditNotes.totalTtcCents,
    })
    .from(creditNotes)
    .where(inArray(creditNotes.invoiceId, invoiceIds))
    .orderBy(asc(creditNotes.id));
}

/** These invoices, or a project's, newest first (the cards of a conversation, decision 1230 « References »). */
export async function invoiceRowsFor(db: Executor, select: { ids: number[] } | { projectId: number }): Promise<InvoiceRow[]> {
  if ('ids' in select && select.ids.length === 0) return [];
  const where = 'ids' in select ? inArray(invoices.id, select.ids) : eq(invoices.projectId, select.projectId);
  return db.select().from(invoices).where(where).orderBy(desc(invoices.id));
}
