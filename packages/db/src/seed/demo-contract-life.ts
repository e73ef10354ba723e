import { eq } from 'drizzle-orm';
import { addDays, calendarDateAt, contractOf, mandateReference, scheduleAmounts, type AvenantLotInput, type ScheduleMilestoneInput } from '@ouvrage/domain';
import { avenants, invoices, paymentMilestones, payments, paymentSchedules, quotes, sepaMandates } from '../schema';
// A cycle with demo-invoice-cases, which calls this module's seeder in its transaction: nothing of it is read at load time.
import { countedLots, insertQuote, issue, type Project, type Quote, type Tx } from './demo-invoice-cases';
import { DAY, HOUR, line, type Lot } from './demo-lines';

/**
 * A chantier in the middle of its contract (development only, issue 38 §5, decision 1224): the demo
 * client has the attic of his Écully house converted by the demo architect. The quote was signed
 * with its schedule — 20 % at signature, 30 % at the opening of the site, 30 % at « fin du gros
 * œuvre », 20 % at réception — then amended by one signed avenant (a roof window more); the first two
 * milestones, half the contract, were invoiced after the consumer's withdrawal period and paid
 * by SEPA direct debit from the mandate the client gave once, each debited 14 days after its notice.
 * Amounts by the domain, numbers from the counters; its quote's D number follows the demo quotes'.
 */
const TITLE = 'Aménagement des combles';
const ATTIC: Lot[] = [
  {
    title: 'Plancher et isolation',
    lines: [
      line('Renfort de plancher, solives bois et panneaux OSB 22 mm', 36_000, 'm²', 6_800, 1000),
      line('Isolation des rampants, laine de bois 200 mm', 52_000, 'm²', 5_400, 550),
    ],
  },
  {
    title: 'Charpente et escalier',
    lines: [
      line('Modification de charpente, chevêtres et entraits', 1000, 'forfait', 360_000, 1000),
      line('Escalier quart tournant en chêne', 1000, 'u', 540_000, 1000),
    ],
  },
  {
    title: 'Menuiseries',
    lines: [line('Fenêtre de toit 78 × 118, pose et raccord', 2000, 'u', 98_000, 1000), line('Porte de placard sous pente', 3000, 'u', 26_000, 1000)],
  },
];
const AVENANT: AvenantLotInput[] = [
  {
    lotIndex: 2,
    title: '',
    lines: [{ designation: 'Fenêtre de toit supplémentaire 78 × 118', quantityMilli: 1000, unit: 'u', unitPriceCents: 98_000, tvaRateBp: 1000, discountBp: 0 }],
  },
];
const SCHEDULE: Array<ScheduleMilestoneInput & { stage: 'ouverture_chantier' | 'fin_gros_oeuvre' | 'reception' | null }> = [
  { trigger: { kind: 'signature' }, percentBp: 2000, stage: null },
  { trigger: { kind: 'stage', stage: 'ouverture_chantier' }, percentBp: 3000, stage: 'ouverture_chantier' },
  { trigger: { kind: 'stage', stage: 'fin_gros_oeuvre' }, percentBp: 3000, stage: 'fin_gros_oeuvre' },
  { trigger: { kind: 'stage', stage: 'reception' }, percentBp: 2000, stage: 'reception' },
];

/**
 * The chantier, in the transaction of the invoice cases (demo-invoice-cases) so that its invoices
 * take their numbers in the order of their dates: after the situation of the first contract, before
 * the business client's deposits.
 */
export async function seedDemoChantier(tx: Tx, base: Quote, home: Project, now: number): Promise<void> {
  if ((await tx.select({ id: quotes.id }).from(quotes).where(eq(quotes.title, TITLE)).limit(1)).length) return;
  const signedAt = new Date(now - 38 * DAY);
  const quote = await insertQuote(tx, base, {
    project: home,
    title: TITLE,
    lots: ATTIC,
    kind: 'travaux',
    travelCostCents: null,
    sentAt: new Date(now - 39 * DAY),
    validatedAt: signedAt,
    latePenaltyBp: 1000,
    paymentTerms: 'Selon l’échéancier : prélèvement SEPA à chaque échéance, 14 jours après son avis.',
  });
  await tx.update(quotes).set({ status: 'Validé', signedAt }).where(eq(quotes.id, quote.id));
  const original = await countedLots(tx, quote);

  // The schedule signed with the quote.
  await tx.insert(paymentSchedules).values({ quoteId: quote.id, contractKind: 'travaux', createdAt: signedAt, updatedAt: signedAt });
  const rows = await tx
    .insert(paymentMilestones)
    .values(
      SCHEDULE.map((m, position) => ({
        quoteId: quote.id,
        position,
        triggerKind: m.trigger.kind,
        stage: m.stage,
        percentBp: m.percentBp ?? null,
        createdAt: signedAt,
        updatedAt: signedAt,
      })),
    )
    .returning();

  // The mandate the client gave on the first checkout (the simulated bank, an account ending 0189).
  const mandateAt = new Date(now - 20 * DAY + 3 * HOUR);
  const [mandate] = await tx
    .insert(sepaMandates)
    .values({
      quoteId: quote.id,
      clientId: quote.clientId,
      issuerId: quote.issuerId,
      provider: 'simule',
      reference: mandateReference(quote.id, 1),
      status: 'active',
      holderName: `${home.firstname} ${home.lastname}`.trim(),
      ibanLast4: '0189',
      bankCountry: 'FR',
      providerMandateId: `sim_mandate_${quote.id}_1`,
      providerPaymentMethodId: 'sim_iban_succeeds',
      acceptedAt: mandateAt,
    })
    .returning();

  /** A milestone invoiced on the contract as it stood, then debited 14 days after its notice and paid. */
  async function invoiceAndDebit(position: number, at: Date, lots: typeof original) {
    const ttc = contractOf(lots).totals.totalTtcCents;
    const amount = scheduleAmounts(ttc, SCHEDULE)[position];
    const issued = await issue(tx, quote, { kind: 'acompte', percentBp: null, amountCents: amount }, at, lots);
    if (!issued) return;
    await tx
      .update(paymentMilestones)
      .set({ state: 'invoiced', reachedAt: at, preparedKind: 'acompte', preparedAmountCents: amount, invoiceId: issued.id, updatedAt: at })
      .where(eq(paymentMilestones.id, rows[position].id));
    const debitOn = addDays(calendarDateAt(at), 14);
    const submittedAt = new Date(at.getTime() + 13 * DAY);
    const paidAt = new Date(at.getTime() + 17 * DAY);
    await tx.insert(payments).values({
      invoiceId: issued.id,
      clientId: quote.clientId,
      issuerId: quote.issuerId,
      method: 'prelevement',
      status: 'confirme',
      provider: 'simule',
      amountCents: issued.draft.amountDueCents,
      mandateId: mandate.id,
      debitOn,
      submittedAt,
      createdBy: quote.issuerId,
      createdAt: at,
      confirmedAt: paidAt,
    });
    await tx.update(invoices).set({ paidCents: issued.draft.amountDueCents }).where(eq(invoices.id, issued.id));
  }

  // The deposit, due once the consumer's 14-day withdrawal period was over (invoiced a few days later); the works opened the next day.
  await invoiceAndDebit(0, new Date(now - 20 * DAY + 2 * HOUR), original);
  await invoiceAndDebit(1, new Date(now - 19 * DAY + 2 * HOUR), original);
  // The avenant: a second roof window, sent then signed by the client.
  const [q] = await tx.select({ number: quotes.number }).from(quotes).where(eq(quotes.id, quote.id));
  await tx.insert(avenants).values({
    quoteId: quote.id,
    projectId: home.id,
    issuerId: quote.issuerId,
    clientId: quote.clientId,
    status: 'Signé',
    sequence: 1,
    number: `${q.number}-A1`,
    title: 'Fenêtre de toit supplémentaire',
    reason: 'Demandée par le client à la visite de chantier : plus de lumière au-dessus du bureau.',
    lots: AVENANT,
    createdAt: new Date(now - 15 * DAY),
    updatedAt: new Date(now - 13 * DAY),
    sentAt: new Date(now - 15 * DAY),
    signedAt: new Date(now - 13 * DAY),
  });
}
