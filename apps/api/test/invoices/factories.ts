import { sql } from 'drizzle-orm';
import { creditNotes, invoices, quoteLines, quoteLots, quotes, type Database } from '@ouvrage/db';
import type { InvoiceDocument } from '@ouvrage/contracts';
import { createUser } from '@ouvrage/db/testing';
import { contractOf, type QuoteLotInput } from '@ouvrage/domain';
import { insertProject } from '../projects/factories';

let seq = 0;

/** Two lots, two TVA rates (10 % and 20 %), an option the client took and one they did not. */
export const contractLots: QuoteLotInput[] = [
  {
    title: 'Démolition',
    lines: [{ designation: 'Dépose de la cuisine existante', quantityMilli: 1000, unit: 'forfait', unitPriceCents: 85_000, tvaRateBp: 1000, discountBp: 0 }],
  },
  {
    title: 'Plomberie',
    lines: [
      { designation: 'Alimentation et évacuation évier', quantityMilli: 1000, unit: 'forfait', unitPriceCents: 64_000, tvaRateBp: 1000, discountBp: 0 },
      { designation: 'Robinetterie thermostatique', quantityMilli: 2000, unit: 'u', unitPriceCents: 18_990, tvaRateBp: 2000, discountBp: 1000 },
      { designation: 'Adoucisseur (option retenue)', quantityMilli: 1000, unit: 'u', unitPriceCents: 120_000, tvaRateBp: 2000, discountBp: 0, optional: true },
      { designation: 'Crédence (option non retenue)', quantityMilli: 1000, unit: 'u', unitPriceCents: 50_000, tvaRateBp: 2000, discountBp: 0, optional: true },
    ],
  },
];

/**
 * A quote set to `status` directly in the database (`Validé` by default): the invoices' tests do
 * not depend on which route validates a quote (accepted or signed). Its first option is taken.
 */
export async function quoteInStatus(
  db: Database,
  options: {
    issuerId: number;
    clientId: number;
    status?: string;
    retentionBp?: number;
    projectId?: number;
    typeClient?: 'particulier' | 'entreprise';
    lots?: QuoteLotInput[];
  },
): Promise<number> {
  const lots = options.lots ?? contractLots;
  seq += 1;
  const projectId =
    options.projectId ??
    (
      await insertProject(db, options.clientId, {
        state: 'Attribué',
        ...(options.typeClient === 'entreprise' ? { typeClient: 'entreprise', companyName: 'Foncière du Rhône SAS', siret: '73282932000074' } : {}),
      })
    ).id;
  const counted = lots.map((lot) => ({ ...lot, lines: lot.lines.map((l) => ({ ...l, optional: l.optional && !l.designation.includes('retenue)') })) }));
  const totals = contractOf(counted).totals;
  const [row] = await db
    .insert(quotes)
    .values({
      issuerId: options.issuerId,
      clientId: options.clientId,
      projectId,
      status: (options.status ?? 'Validé') as never,
      number: `D-2026-${String(9000 + seq)}`,
      title: 'Rénovation de la cuisine',
      validityDays: 30,
      validUntil: '2099-12-31',
      depositBp: 3000,
      latePenaltyBp: 1000,
      retentionBp: options.retentionBp ?? 0,
      paymentTerms: 'Paiement à 30 jours.',
      clientAddress: { street: '12 rue Victor Hugo', postcode: '69002', city: 'Lyon' },
      siteAddress: { street: '8 chemin des Vignes', postcode: '69340', city: 'Francheville' },
      sentAt: new Date('2026-11-01T10:00:00Z'),
      acceptedAt: new Date('2026-11-02T10:00:00Z'),
      validatedAt: new Date('2026-11-03T10:00:00Z'),
      totalHtCents: totals.totalHtCents,
      totalTvaCents: totals.totalTvaCents,
      totalTtcCents: totals.totalTtcCents,
      acceptedTotalHtCents: totals.totalHtCents,
      acceptedTotalTvaCents: totals.totalTvaCents,
      acceptedTotalTtcCents: totals.totalTtcCents,
      clientSnapshot: { name: 'Claire Martin', email: 'claire@example.fr', phone: '+33612345678' },
    })
    .returning({ id: quotes.id });
  await db.execute(sql`update quotes set root_id = id where id = ${row.id}`);
  for (const [position, lot] of lots.entries()) {
    const [lotRow] = await db.insert(quoteLots).values({ quoteId: row.id, position, title: lot.title }).returning({ id: quoteLots.id });
    await db.insert(quoteLines).values(
      lot.lines.map((l, i) => ({
        quoteId: row.id,
        lotId: lotRow.id,
        position: i,
        designation: l.designation,
        quantityMilli: l.quantityMilli,
        unit: l.unit,
        unitPriceCents: l.unitPriceCents,
        tvaRateBp: l.tvaRateBp,
        discountBp: l.discountBp,
        optional: !!l.optional,
        chosen: l.designation.includes('retenue)'),
        netHtCents: Math.round((l.quantityMilli * l.unitPriceCents * (10_000 - l.discountBp)) / 10_000_000),
      })),
    );
  }
  return row.id;
}

/** The TTC of the contract of `quoteInStatus` (the option taken counted, the other not). */
export function contractTtc(): number {
  return contractOf(
    contractLots.map((lot) => ({ ...lot, lines: lot.lines.map((l) => ({ ...l, optional: l.optional && !l.designation.includes('retenue)') })) })),
  ).totals.totalTtcCents;
}

/** An invoice `user` owns (owner kind `invoice`): a client receives it, anyone else issues it. */
export async function ownedInvoice(db: Database, user: { id: number; user_type: string }): Promise<number> {
  seq += 1;
  const isClient = user.user_type === 'client';
  const clientId = isClient ? user.id : (await createUser(db, { user_type: 'client' })).id;
  const issuerId = isClient ? (await createUser(db, { user_type: 'architecte', is_validate: 'Validé' })).id : user.id;
  const quoteId = await quoteInStatus(db, { issuerId, clientId });
  const [q] = await db
    .select({ projectId: quotes.projectId })
    .from(quotes)
    .where(sql`${quotes.id} = ${quoteId}`);
  const document: InvoiceDocument = {
    issuer: {
      id: issuerId,
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
    client: { id: clientId, name: 'Claire Martin', email: null, phone: null, address: null, is_business: false, company_name: null, siren: null },
    site_address: null,
    quote: {
      id: quoteId,
      label: 'D-2026-0001',
      title: 'Devis de test',
      validated_at: null,
      totals: { total_ht_cents: 10_000, total_tva_cents: 2_000, total_ttc_cents: 12_000 },
    },
    project: { id: q.projectId, title: 'Projet de test' },
    lines: [{ label: 'Acompte', contract_ht_cents: 3_000, progress_bp: null, previous_progress_bp: null, cumulative_ht_cents: 3_000 }],
    work: null,
    deductions: [],
    deposit_percent_bp: 3000,
    retention_bp: 0,
    late_penalty_bp: 1000,
    payment_terms: '',
  };
  const [row] = await db
    .insert(invoices)
    .values({
      number: `T-2026-${String(seq).padStart(4, '0')}`,
      issuerId,
      clientId,
      quoteId,
      projectId: q.projectId,
      kind: 'acompte',
      title: 'Facture d’acompte — devis D-2026-0001',
      issuedAt: new Date(),
      issueDate: '2026-11-23',
      dueDate: '2026-12-23',
      totalHtCents: 3_000,
      totalTvaCents: 600,
      totalTtcCents: 3_600,
      byRate: [{ rate_bp: 2000, base_cents: 3_000, tva_cents: 600 }],
      document: document as unknown as Record<string, unknown>,
    })
    .returning({ id: invoices.id });
  return row.id;
}

/** A credit note `user` owns (owner kind `credit-note`): one taking back part of an invoice they own. */
export async function ownedCreditNote(db: Database, user: { id: number; user_type: string }): Promise<number> {
  const invoiceId = await ownedInvoice(db, user);
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(sql`${invoices.id} = ${invoiceId}`);
  const [row] = await db
    .insert(creditNotes)
    .values({
      number: `AV-T-${String(invoiceId).padStart(4, '0')}`,
      invoiceId,
      issuerId: invoice.issuerId,
      clientId: invoice.clientId,
      reason: 'Geste commercial',
      issuedAt: new Date(),
      issueDate: '2026-11-24',
      totalHtCents: 1_000,
      totalTvaCents: 200,
      totalTtcCents: 1_200,
      byRate: [{ rate_bp: 2000, base_cents: 1_000, tva_cents: 200 }],
    })
    .returning({ id: creditNotes.id });
  await db
    .update(invoices)
    .set({ creditedCents: 1_200 })
    .where(sql`${invoices.id} = ${invoiceId}`);
  return row.id;
}
