import { and, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../client';
import { invoices, offers, projects, siteLogCitations, siteLogComments, siteLogEntries, users } from '../schema';

const DAY = 86_400_000;

/** A Paris calendar day, `days` before now. */
const parisDay = (now: number, days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(now - days * DAY));

/**
 * The demo's journal de chantier (development only, decision 1231): on the Écully extension the
 * demo architect writes what was done, a day stopped by the rain, and corrects an entry; the demo
 * client comments. Entries are never edited: the correction is a new entry pointing to the old one.
 */
const ENTRIES: ReadonlyArray<{ days: number; lot: string; body: string; weather?: string; corrects?: number }> = [
  { days: 24, lot: 'Gros œuvre', body: 'Ouverture de la trémie de l’escalier, étaiement en place. Dépose de l’ancienne charpente côté jardin.' },
  { days: 22, lot: 'Gros œuvre', body: 'Chantier arrêté l’après-midi.', weather: 'Pluie battante et vent fort : bâchage de la toiture, reprise demain.' },
  { days: 12, lot: 'Charpente', body: 'Pose des chevêtres et des deux fenêtres de toit (Velux 78 × 118). Étanchéité provisoire posée.' },
  { days: 9, lot: 'Isolation', body: 'Isolation des rampants : laine de bois 200 mm, pare-vapeur en cours.' },
  {
    days: 8,
    lot: 'Isolation',
    body: 'Correction : la laine de bois posée fait 220 mm (R = 5,8), comme prévu au devis, et non 200 mm.',
    corrects: 4,
  },
];

export async function seedDemoSiteLog({ db }: DatabaseHandle): Promise<void> {
  const existing = await db.select({ id: siteLogEntries.id }).from(siteLogEntries).limit(1);
  if (existing.length > 0) return;
  const byEmail = async (email: string) =>
    (
      await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
    )[0];
  const [client, architect] = await Promise.all([byEmail('client@ouvrage.test'), byEmail('architecte@ouvrage.test')]);
  if (!client || !architect) return;
  const [site] = await db
    .select({ id: projects.id })
    .from(projects)
    .innerJoin(offers, and(eq(offers.projectId, projects.id), eq(offers.professionalId, architect.id), eq(offers.status, 'Acceptée')))
    .where(and(eq(projects.clientId, client.id), eq(projects.city, 'Écully')))
    .limit(1);
  if (!site) return;
  const now = Date.now();
  await db.transaction(async (tx) => {
    const ids: number[] = [];
    for (const [i, e] of ENTRIES.entries()) {
      const [row] = await tx
        .insert(siteLogEntries)
        .values({
          projectId: site.id,
          number: i + 1,
          authorId: architect.id,
          workDate: parisDay(now, e.days),
          body: e.body,
          lotLabel: e.lot,
          weatherStop: Boolean(e.weather),
          weatherNote: e.weather ?? null,
          correctsEntryId: e.corrects ? ids[e.corrects - 1] : null,
          createdAt: new Date(now - e.days * DAY + 17 * 3_600_000),
        })
        .returning({ id: siteLogEntries.id });
      ids.push(row.id);
    }
    await justifyDemoSituation(tx, site.id);
    await tx.insert(siteLogComments).values([
      { entryId: ids[2], authorId: client.id, body: 'Superbe, la lumière change tout dans les combles !', createdAt: new Date(now - 11 * DAY) },
      {
        entryId: ids[2],
        authorId: architect.id,
        body: 'Merci ! Les stores occultants arrivent avec la finition.',
        createdAt: new Date(now - 11 * DAY + 3_600_000),
      },
      { entryId: ids[1], authorId: client.id, body: 'Merci d’avoir bâché, rien n’a pris l’eau à l’étage.', createdAt: new Date(now - 14 * DAY) },
    ]);
  });
}

type Tx = Parameters<Parameters<DatabaseHandle['db']['transaction']>[0]>[0];

/**
 * The demo situation on the Écully project (demo-invoice-cases) justified by the journal (decision
 * 1232): the entries of works, not weather stops, written by its day of issue — cited as if issued
 * with them, in its document (printed) and in the citations (the entry's card links the invoice).
 * Its PDF is not stored yet at seeding: the original is made from this document.
 */
async function justifyDemoSituation(tx: Tx, projectId: number): Promise<void> {
  const [situation] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.projectId, projectId), eq(invoices.kind, 'situation')))
    .orderBy(invoices.id)
    .limit(1);
  if (!situation) return;
  const entries = (await tx.select().from(siteLogEntries).where(eq(siteLogEntries.projectId, projectId)).orderBy(siteLogEntries.number)).filter(
    (e) => !e.weatherStop && e.workDate <= situation.issueDate,
  );
  if (!entries.length) return;
  const justifications = entries.map((e) => ({ entry_id: e.id, number: e.number, work_date: e.workDate }));
  await tx
    .update(invoices)
    .set({ document: { ...situation.document, justifications } })
    .where(eq(invoices.id, situation.id));
  await tx.insert(siteLogCitations).values(
    entries.map((e) => ({
      entryId: e.id,
      invoiceId: situation.id,
      invoiceNumber: situation.number,
      invoiceKind: situation.kind,
      issuerId: situation.issuerId,
      clientId: situation.clientId,
    })),
  );
}
