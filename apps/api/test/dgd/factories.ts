import { eq } from 'drizzle-orm';
import { dgds, quotes, type Database } from '@ouvrage/db';
import type { DgdDocument } from '@ouvrage/contracts';
import { createUser } from '@ouvrage/db/testing';
import { quoteInStatus } from '../invoices/factories';

/**
 * A DGD `user` owns (owner kind `dgd`): a client is its client, anyone else its issuer. Made in
 * the database directly, issued (`-DGD`) on a validated quote; its document is a minimal one.
 */
export async function ownedDgd(db: Database, user: { id: number; user_type: string }): Promise<number> {
  const isClient = user.user_type === 'client';
  const clientId = isClient ? user.id : (await createUser(db, { user_type: 'client' })).id;
  const issuerId = isClient ? (await createUser(db, { user_type: 'architecte', is_validate: 'Validé' })).id : user.id;
  const quoteId = await quoteInStatus(db, { issuerId, clientId });
  const [q] = await db.select({ projectId: quotes.projectId, number: quotes.number }).from(quotes).where(eq(quotes.id, quoteId));
  const at = new Date('2026-11-25T10:00:00Z');
  const [row] = await db
    .insert(dgds)
    .values({
      quoteId,
      projectId: q.projectId,
      issuerId,
      clientId,
      sequence: 1,
      number: `${q.number}-DGD`,
      document: minimalDocument(quoteId, q.projectId) as unknown as Record<string, unknown>,
      balanceCents: 0,
      issuedBy: issuerId,
      issuedAt: at,
    })
    .returning({ id: dgds.id });
  return row.id;
}

const zero = { by_rate: [], totals: { total_ht_cents: 0, total_tva_cents: 0, total_ttc_cents: 0 } };

/** A DGD's frozen document with nothing in it: enough to read and print. */
export function minimalDocument(quoteId: number, projectId: number): DgdDocument {
  return {
    issuer: {
      id: 0,
      name: 'Atelier Test',
      trade_name: null,
      legal_form: null,
      capital_cents: null,
      address: null,
      siret: null,
      rcs_rm: null,
      tva_number: null,
      email: null,
      phone: null,
      decennale: null,
      rc_pro: null,
    },
    client: { name: 'Client Test', address: null },
    site_address: null,
    project: { id: projectId, title: 'Projet' },
    quote: { id: quoteId, label: 'D-2026-0001', title: 'Devis', validated_at: null },
    reception: { date: '2026-11-20', with_reservations: false },
    original: zero,
    avenants: [],
    contract: zero,
    invoices: [],
    credit_notes: [],
    penalties: [],
    note: '',
    account: {
      invoiced_cents: 0,
      credited_cents: 0,
      net_invoiced_cents: 0,
      paid_cents: 0,
      penalties_cents: 0,
      due_cents: 0,
      balance_cents: 0,
      balance_now_cents: 0,
    },
    retention: { withheld_cents: 0, held_cents: 0, release_date: '2027-11-20', released_on: null },
  };
}
