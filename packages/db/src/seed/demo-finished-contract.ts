import { and, asc, eq } from 'drizzle-orm';
import { calendarDateAt, invoiceCreditorReference, searchNormalize } from '@ouvrage/domain';
import type { DatabaseHandle } from '../client';
import { bankTransfers, invoices, offers, payments, projectActivity, projects, quotes, receptions, users } from '../schema';
import { insertQuote, issue } from './demo-invoice-cases';
import { DAY, HOUR, line, type Lot } from './demo-lines';

/**
 * A finished project (development only, issue 38 §5, decisions 1222 and 1224): the demo client's
 * bathroom in Lyon, renovated by the demo architect last summer — quote signed with a 5 % retenue de
 * garantie, deposit paid by card, works received without reservation (PV signed), balance paid by
 * transfer. Its final account (DGD) is established at the first start by the API's own code
 * (`apps/api/src/demo-dgd.ts`: the PDF is rendered and stored as issued), for the demo client to
 * accept or dispute. Its invoices are dated before every other demo invoice: it runs right after
 * the demo quotes, so the F numbers follow the days; its D number follows the demo quotes'.
 */
export const FINISHED_CONTRACT_TITLE = 'Rénovation de la salle de bains';

const BATHROOM: Lot[] = [
  {
    title: 'Plomberie',
    lines: [
      line('Dépose de la baignoire, douche à l’italienne et receveur extra-plat', 1000, 'forfait', 285_000, 1000),
      line('Meuble vasque double et robinetterie', 1000, 'u', 142_000, 1000),
    ],
  },
  {
    title: 'Carrelage et faïence',
    lines: [line('Carrelage sol grès cérame 60 × 60', 7_500, 'm²', 9_800, 1000), line('Faïence murale toute hauteur', 22_000, 'm²', 8_600, 1000)],
  },
];

export async function seedDemoFinishedContract({ db }: DatabaseHandle): Promise<void> {
  const [architect] = await db.select().from(users).where(eq(users.email, 'architecte@ouvrage.test'));
  const [admin] = await db.select().from(users).where(eq(users.email, 'admin@ouvrage.test'));
  if (!architect) return;
  if ((await db.select({ id: quotes.id }).from(quotes).where(eq(quotes.title, FINISHED_CONTRACT_TITLE)).limit(1)).length) return;
  const [base] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.issuerId, architect.id), eq(quotes.status, 'Validé')))
    .orderBy(asc(quotes.id))
    .limit(1);
  if (!base?.issuerSnapshot) return;
  const [home] = await db.select().from(projects).where(eq(projects.id, base.projectId));
  if (!home) return;
  const now = Date.now();

  await db.transaction(async (tx) => {
    const { id: _id, ...homeFields } = home;
    const createdAt = new Date(now - 130 * DAY);
    const [project] = await tx
      .insert(projects)
      .values({
        ...homeFields,
        state: 'Terminé',
        stage: 'Réception',
        street: '27 rue Duguesclin',
        postcode: '69006',
        city: 'Lyon 6e Arrondissement',
        cityCode: '69386',
        departement: '69',
        description: 'Rénovation complète de la salle de bains : douche à l’italienne, meuble double vasque, carrelage et faïence.',
        latitude: 45.7687,
        longitude: 4.8466,
        searchText: searchNormalize(`${home.lastname} ${home.firstname} ${home.email} Lyon 6e Arrondissement 69006 69`)
          .replace(/[^a-z0-9]+/g, ' ')
          .trim(),
        createdAt,
        updatedAt: new Date(now - 42 * DAY),
      })
      .returning();
    const history: Array<['state' | 'stage', string, string, number]> = [
      ['state', 'En attente', 'Validé', 128],
      ['state', 'Validé', 'En consultation', 126],
      ['state', 'En consultation', 'Attribué', 120],
      ['state', 'Attribué', 'En cours', 110],
      ['stage', 'Étude', 'Travaux', 110],
      ['stage', 'Travaux', 'Réception', 45],
      ['state', 'En cours', 'Terminé', 42],
    ];
    await tx.insert(projectActivity).values([
      { projectId: project.id, actorId: home.clientId, action: 'created' as const, toValue: 'En attente', message: '', createdAt },
      ...history.map(([action, from, to, daysAgo]) => ({
        projectId: project.id,
        actorId: admin?.id ?? null,
        action,
        fromValue: from,
        toValue: to,
        message: '',
        createdAt: new Date(now - daysAgo * DAY),
      })),
    ]);
    await tx.insert(offers).values({
      projectId: project.id,
      professionalId: architect.id,
      status: 'Acceptée',
      validation: '1',
      answeredAt: new Date(now - 121 * DAY),
      createdAt: new Date(now - 126 * DAY),
      createdBy: admin?.id ?? null,
    });

    const signedAt = new Date(now - 110 * DAY);
    const inserted = await insertQuote(tx, base, {
      project,
      title: FINISHED_CONTRACT_TITLE,
      lots: BATHROOM,
      kind: 'travaux',
      travelCostCents: null,
      sentAt: new Date(now - 116 * DAY),
      validatedAt: signedAt,
      latePenaltyBp: 1000,
      paymentTerms: 'Acompte de 30 % à la signature, solde à la réception, retenue de garantie de 5 % libérée un an après.',
    });
    await tx.update(quotes).set({ signedAt, retentionBp: 500 }).where(eq(quotes.id, inserted.id));
    const quote = { ...inserted, signedAt, retentionBp: 500 };

    // The deposit, paid by card once the 14-day withdrawal period was over.
    const deposit = await issue(tx, quote, { kind: 'acompte', percentBp: 3000 }, new Date(now - 95 * DAY));
    if (!deposit) return;
    await tx.insert(payments).values({
      invoiceId: deposit.id,
      clientId: quote.clientId,
      issuerId: quote.issuerId,
      method: 'carte',
      status: 'confirme',
      provider: 'simule',
      checkoutId: `sim_demo_finished_${deposit.id}`,
      amountCents: deposit.draft.amountDueCents,
      createdBy: quote.clientId,
      createdAt: new Date(now - 94 * DAY),
      confirmedAt: new Date(now - 94 * DAY + HOUR),
    });
    await tx.update(invoices).set({ paidCents: deposit.draft.amountDueCents }).where(eq(invoices.id, deposit.id));

    // Received without reservation, the PV signed on the day (its sealed copy is not seeded, decision 0720).
    const receivedAt = new Date(now - 45 * DAY);
    await tx.insert(receptions).values({
      quoteId: quote.id,
      projectId: project.id,
      issuerId: quote.issuerId,
      clientId: quote.clientId,
      receptionDate: calendarDateAt(receivedAt),
      createdBy: quote.issuerId,
      createdAt: receivedAt,
      signedAt: new Date(receivedAt.getTime() + 2 * HOUR),
    });

    // The balance, the retenue withheld, paid by transfer.
    const balance = await issue(tx, quote, { kind: 'solde' }, new Date(now - 43 * DAY));
    if (!balance) return;
    const paidAt = new Date(now - 35 * DAY);
    const [transfer] = await tx
      .insert(payments)
      .values({
        invoiceId: balance.id,
        clientId: quote.clientId,
        issuerId: quote.issuerId,
        method: 'virement',
        status: 'confirme',
        amountCents: balance.draft.amountDueCents,
        reference: invoiceCreditorReference({ id: balance.id, number: balance.number }),
        createdBy: quote.clientId,
        createdAt: new Date(now - 38 * DAY),
        confirmedAt: paidAt,
        confirmedBy: admin?.id ?? null,
      })
      .returning({ id: payments.id });
    await tx.insert(bankTransfers).values({ paymentId: transfer.id, declaredOn: calendarDateAt(new Date(now - 38 * DAY)), receivedOn: calendarDateAt(paidAt) });
    await tx.update(invoices).set({ paidCents: balance.draft.amountDueCents }).where(eq(invoices.id, balance.id));
  });
}
