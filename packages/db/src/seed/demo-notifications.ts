import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import { invoices, notifications, offers, projects, quotes, users } from '../schema';

const HOUR = 3_600_000;
type Row = typeof notifications.$inferInsert;

/**
 * Demo notifications (development only, decision 0803): the demo data was written straight into
 * the tables, so nobody was notified; this gives each demo account's notification centre what
 * those events would have left — a few unread, the older ones read. Runs last.
 */
export async function seedDemoNotifications({ db }: DatabaseHandle): Promise<void> {
  if ((await db.select({ id: notifications.id }).from(notifications).limit(1)).length > 0) return;
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(users.email, [
        'client@ouvrage.test',
        'architecte@ouvrage.test',
        'pro@ouvrage.test',
        'admin@ouvrage.test',
        'dessinateur@ouvrage.test',
        'pro.attente@ouvrage.test',
      ]),
    );
  const id = (email: string) => people.find((p) => p.email === email)?.id;
  const now = Date.now();
  const rows: Row[] = [];
  const add = (userId: number | undefined, kind: string, params: Record<string, string | number>, link: string, hoursAgo: number, read: boolean) => {
    if (userId)
      rows.push({ userId, kind, params, link, createdAt: new Date(now - hoursAgo * HOUR), readAt: read ? new Date(now - (hoursAgo - 1) * HOUR) : null });
  };

  for (const email of ['client@ouvrage.test', 'architecte@ouvrage.test', 'pro@ouvrage.test', 'dessinateur@ouvrage.test', 'pro.attente@ouvrage.test']) {
    add(id(email), 'account_created', {}, email.startsWith('client') ? '/profil' : '/entreprise/information-legale', 24 * 60, true);
  }
  for (const email of ['architecte@ouvrage.test', 'pro@ouvrage.test', 'dessinateur@ouvrage.test'])
    add(id(email), 'account_validated', {}, '/list-offre', 24 * 59, true);

  const sent = await db
    .select({
      id: quotes.id,
      number: quotes.number,
      status: quotes.status,
      clientId: quotes.clientId,
      issuerId: quotes.issuerId,
      refusalReason: quotes.refusalReason,
    })
    .from(quotes)
    .where(isNotNull(quotes.number))
    .orderBy(desc(quotes.id));
  sent.forEach((q, i) => {
    add(q.clientId, 'quote_sent', { number: q.number!, name: 'Atelier Lefèvre Architecture' }, `/devis/${q.id}`, 2 + i * 20, q.status !== 'Envoyé');
    if (q.status === 'Accepté' || q.status === 'Validé')
      add(q.issuerId, 'quote_accepted', { number: q.number!, name: 'Julie Bernard' }, `/devis/${q.id}`, 1 + i * 20, q.status === 'Validé');
    if (q.status === 'Refusé')
      add(q.issuerId, 'quote_refused', { number: q.number!, name: 'Julie Bernard', reason: q.refusalReason ?? '' }, `/devis/${q.id}`, 1 + i * 20, false);
  });

  const issued = await db
    .select({ id: invoices.id, number: invoices.number, clientId: invoices.clientId, due: invoices.dueDate, ttc: invoices.totalTtcCents })
    .from(invoices)
    .orderBy(desc(invoices.id))
    .limit(3);
  issued.forEach((inv, i) =>
    add(inv.clientId, 'invoice_issued', { number: inv.number, amount: inv.ttc, date: inv.due }, `/facture/${inv.id}`, 3 + i * 30, i > 0),
  );

  const tenders = await db
    .select({ professionalId: offers.professionalId, city: projects.city })
    .from(offers)
    .innerJoin(projects, eq(projects.id, offers.projectId))
    .where(and(eq(offers.status, 'Disponible'), eq(offers.validation, '1')));
  tenders.forEach((t, i) =>
    add(
      t.professionalId,
      'tender_received',
      { project: `Rénovation · ${t.city}`, date: new Date(now + 5 * 24 * HOUR).toISOString().slice(0, 10) },
      '/list-offre',
      4 + i,
      false,
    ),
  );

  if (rows.length) await db.insert(notifications).values(rows);
}
