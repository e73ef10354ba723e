import { eq } from 'drizzle-orm';
import { invoices, quotes, receptionReservations, receptions, type Database } from '@ouvrage/db';
import type { InvoiceDocument } from '@ouvrage/contracts';
import { createUser } from '@ouvrage/db/testing';
import { quoteInStatus } from '../invoices/factories';

/**
 * A réception `user` owns (owner kinds `reception`, `reservation`): a client is its client, anyone
 * else its issuer. Made in the database directly, on a validated quote, with one open reservation.
 */
export async function insertReception(
  db: Database,
  options: { issuerId: number; clientId: number; receptionDate?: string; signedAt?: Date | null; retentionBp?: number },
): Promise<{ receptionId: number; reservationId: number; quoteId: number; projectId: number }> {
  const quoteId = await quoteInStatus(db, { issuerId: options.issuerId, clientId: options.clientId, retentionBp: options.retentionBp });
  const [q] = await db.select({ projectId: quotes.projectId }).from(quotes).where(eq(quotes.id, quoteId));
  const [row] = await db
    .insert(receptions)
    .values({
      quoteId,
      projectId: q.projectId,
      issuerId: options.issuerId,
      clientId: options.clientId,
      receptionDate: options.receptionDate ?? '2026-11-20',
      createdBy: options.issuerId,
      createdAt: new Date('2026-11-20T10:00:00Z'),
      signedAt: options.signedAt ?? null,
    })
    .returning({ id: receptions.id });
  const [reservation] = await db
    .insert(receptionReservations)
    .values({ receptionId: row.id, position: 0, lotIndex: 1, lotTitle: 'Plomberie', description: 'Joint de l’évier à reprendre' })
    .returning({ id: receptionReservations.id });
  return { receptionId: row.id, reservationId: reservation.id, quoteId, projectId: q.projectId };
}

async function partiesOf(db: Database, user: { id: number; user_type: string }) {
  const isClient = user.user_type === 'client';
  return {
    clientId: isClient ? user.id : (await createUser(db, { user_type: 'client' })).id,
    issuerId: isClient ? (await createUser(db, { user_type: 'architecte', is_validate: 'Validé' })).id : user.id,
  };
}

export async function ownedReception(db: Database, user: { id: number; user_type: string }): Promise<number> {
  return (await insertReception(db, await partiesOf(db, user))).receptionId;
}

export async function ownedReservation(db: Database, user: { id: number; user_type: string }): Promise<number> {
  return (await insertReception(db, await partiesOf(db, user))).reservationId;
}

/** An invoice row on a quote, inserted directly (a balance withholding `retentionCents` by default). */
export async function insertInvoiceRow(
  db: Database,
  o: {
    quoteId: number;
    issuerId: number;
    clientId: number;
    projectId: number;
    ttcCents?: number;
    retentionCents?: number;
    paidCents?: number;
    dueDate?: string;
    kind?: 'acompte' | 'solde';
  },
): Promise<number> {
  invoiceSeq += 1;
  const ttc = o.ttcCents ?? 120_000;
  const [row] = await db
    .insert(invoices)
    .values({
      number: `R-2026-${String(invoiceSeq).padStart(4, '0')}`,
      issuerId: o.issuerId,
      clientId: o.clientId,
      quoteId: o.quoteId,
      projectId: o.projectId,
      kind: o.kind ?? 'solde',
      title: 'Facture de solde — devis D-2026-0001',
      issuedAt: new Date('2026-11-10T10:00:00Z'),
      issueDate: '2026-11-10',
      dueDate: o.dueDate ?? '2026-12-10',
      totalHtCents: Math.round(ttc / 1.2),
      totalTvaCents: ttc - Math.round(ttc / 1.2),
      totalTtcCents: ttc,
      retentionCents: o.retentionCents ?? 6_000,
      paidCents: o.paidCents ?? 0,
      byRate: [{ rate_bp: 2000, base_cents: Math.round(ttc / 1.2), tva_cents: ttc - Math.round(ttc / 1.2) }],
      document: documentOf(o) as unknown as Record<string, unknown>,
    })
    .returning({ id: invoices.id });
  return row.id;
}
let invoiceSeq = 0;

/** The frozen document an invoice prints (the contract's `InvoiceDocument`), minimal. */
function documentOf(o: { quoteId: number; issuerId: number; clientId: number; projectId: number; retentionCents?: number }): InvoiceDocument {
  return {
    issuer: {
      id: o.issuerId,
      name: 'Atelier Test',
      trade_name: null,
      legal_form: 'SARL',
      capital_cents: null,
      address: '3 place Bellecour, 69002 Lyon',
      siret: null,
      rcs_rm: null,
      tva_number: 'FR44732829320',
      email: null,
      phone: null,
      decennale: null,
      rc_pro: null,
    },
    bank: null,
    tva_on_debits: false,
    client: { id: o.clientId, name: 'Claire Martin', email: null, phone: null, address: null, is_business: false, company_name: null, siren: null },
    site_address: null,
    quote: {
      id: o.quoteId,
      label: 'D-2026-0001',
      title: 'Devis de test',
      validated_at: null,
      totals: { total_ht_cents: 100_000, total_tva_cents: 20_000, total_ttc_cents: 120_000 },
    },
    project: { id: o.projectId, title: 'Projet de test' },
    lines: [],
    work: null,
    deductions: [],
    deposit_percent_bp: null,
    retention_bp: o.retentionCents ? 500 : 0,
    late_penalty_bp: 1000,
    payment_terms: '',
  };
}
