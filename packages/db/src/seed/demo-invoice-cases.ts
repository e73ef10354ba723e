import { and, asc, eq, sql } from 'drizzle-orm';
import {
  addDays,
  businessLatePenalty,
  calendarDate,
  calendarDateAt,
  computeQuoteTotals,
  contractOf,
  depositCents,
  draftCreditNote,
  draftInvoice,
  formatDocumentNumber,
  invoiceCreditorReference,
  invoiceTitle,
  latePaymentRateOn,
  parisYear,
  quoteValidUntil,
  searchNormalize,
  servicePeriodOf,
  sirenOf,
  withTravelCosts,
  type InvoiceDraft,
  type InvoiceRequest,
  type PriorInvoice,
  type QuoteLotInput,
  type QuoteUnit,
  type RateAmount,
  type TvaRate,
} from '@ouvrage/domain';
import type { DatabaseHandle } from '../client';
import type { StoredAddress } from '../schema';
import {
  bankTransfers,
  biens,
  categories,
  creditNotes,
  documentCounters,
  invoices,
  latePaymentRates,
  offers,
  payments,
  projects,
  quoteEvents,
  quoteLines,
  quoteLots,
  quotes,
  users,
} from '../schema';
import { seedDemoChantier } from './demo-contract-life';
import { DAY, HOUR, line, type Lot } from './demo-lines';
import { DEMO_BANK } from './demo-transfers';

/**
 * The invoicing cases of issue 34 in the demo (development only), drawn like the API draws them —
 * amounts by the domain (`contractOf`, `draftInvoice`, `draftCreditNote`, `withTravelCosts`), numbers
 * from the counters, documents in the shape `issue-invoice.ts` freezes — in date order, so the F, AV
 * and D numbers follow the days:
 * - a situation at 60 % on the validated quote, after its 30 % deposit (its deduction);
 * - the chantier of decision 1224 (demo-contract-life): an attic, its schedule half paid by SEPA debit, one avenant;
 * - a business client: a project of the demo client filed as « entreprise » (company, SIRET), a
 *   validated quote, a 40 % deposit issued by mistake and paid by a confirmed transfer, a total avoir
 *   on it (refund owed to the client, decision 1062), then the 30 % deposit the quote provides;
 * - a dépannage quote sent to the demo client, its travel costs counted as one more lot (decision 1002).
 * Runs after the demo invoices, transfers and card payments (which keep the first deposit); idempotent.
 */

const BUSINESS = { companyName: 'Atelier Bernard Design SARL', siret: '81234567600017' } as const;

const OFFICE: Lot[] = [
  {
    title: 'Cloisons et plafonds',
    lines: [
      line('Cloisons plaques de plâtre sur ossature, isolant 45 mm', 42_000, 'm²', 5_800, 2000),
      line('Faux plafond acoustique 60×60', 85_000, 'm²', 4_200, 2000),
    ],
  },
  {
    title: 'Électricité',
    lines: [
      line('Tableau électrique tertiaire et mise en conformité', 1000, 'forfait', 320_000, 2000),
      line('Éclairage LED encastré', 24_000, 'u', 11_500, 2000),
    ],
  },
];
const REPAIR: Lot[] = [
  {
    title: 'Recherche et réparation de fuite',
    lines: [
      line('Recherche de fuite sous l’évier et remplacement du siphon', 1000, 'forfait', 16_000, 1000),
      line('Flexibles d’alimentation inox', 2000, 'u', 1_450, 1000),
    ],
  },
];
const TRAVEL_COST_HT_CENTS = 4_500;

export type Tx = Parameters<Parameters<DatabaseHandle['db']['transaction']>[0]>[0];
export type Project = typeof projects.$inferSelect;
export type Quote = typeof quotes.$inferSelect;

/** The next number of a series, as the API's numbering takes it (gapless per issuer, series and Paris year). */
export async function nextNumber(tx: Tx, issuerId: number, series: 'devis' | 'facture' | 'avoir', at: Date): Promise<string> {
  const year = parisYear(at);
  const [row] = await tx
    .insert(documentCounters)
    .values({ issuerId, series, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.issuerId, documentCounters.series, documentCounters.year],
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: documentCounters.lastNumber });
  return formatDocumentNumber({ prefix: series === 'devis' ? 'D' : series === 'facture' ? 'F' : 'AV', year, sequence: row.lastNumber });
}

const words = (text: string) =>
  searchNormalize(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
const stored = (rates: readonly RateAmount[]) => rates.map((r) => ({ rate_bp: r.rateBp, base_cents: r.baseCents, tva_cents: r.tvaCents }));
const fromStored = (rates: ReadonlyArray<{ rate_bp: number; base_cents: number; tva_cents: number }>): RateAmount[] =>
  rates.map((r) => ({ rateBp: r.rate_bp as TvaRate, baseCents: r.base_cents, tvaCents: r.tva_cents }));

/** Named as the API names projects on quotes and invoices: category · good — town. */
async function projectTitleOf(tx: Tx, project: Project): Promise<string> {
  const [category] = await tx.select({ name: categories.name }).from(categories).where(eq(categories.id, project.categoryId));
  const [bien] = await tx.select({ name: biens.name }).from(biens).where(eq(biens.id, project.bienId));
  return `${category?.name ?? ''} · ${bien?.name ?? ''} — ${project.city}`;
}

/** A stored quote's lots as the domain counts them (chosen options counted, travel costs as one more lot). */
export async function countedLots(tx: Tx, quote: Quote): Promise<QuoteLotInput[]> {
  const lots = await tx.select().from(quoteLots).where(eq(quoteLots.quoteId, quote.id)).orderBy(asc(quoteLots.position));
  const lines = await tx.select().from(quoteLines).where(eq(quoteLines.quoteId, quote.id)).orderBy(asc(quoteLines.position));
  const own = lots.map((lot) => ({
    title: lot.title,
    lines: lines
      .filter((l) => l.lotId === lot.id)
      .map((l) => ({
        designation: l.designation,
        quantityMilli: l.quantityMilli,
        unit: l.unit as QuoteUnit,
        unitPriceCents: l.unitPriceCents,
        tvaRateBp: l.tvaRateBp as TvaRate,
        discountBp: l.discountBp,
        optional: l.optional && !l.chosen,
      })),
  }));
  return withTravelCosts(own, quote.kind === 'depannage' ? quote.travelCostCents : null);
}

/** The invoices of a quote as the domain reads them, each with what its credit notes took back. */
async function priorOf(tx: Tx, quoteId: number): Promise<PriorInvoice[]> {
  const rows = await tx.select().from(invoices).where(eq(invoices.quoteId, quoteId)).orderBy(asc(invoices.id));
  const prior: PriorInvoice[] = [];
  for (const r of rows) {
    const notes = await tx.select().from(creditNotes).where(eq(creditNotes.invoiceId, r.id));
    const credited = new Map<TvaRate, RateAmount>();
    for (const rate of notes.flatMap((n) => fromStored(n.byRate))) {
      const sum = credited.get(rate.rateBp) ?? { rateBp: rate.rateBp, baseCents: 0, tvaCents: 0 };
      credited.set(rate.rateBp, { rateBp: rate.rateBp, baseCents: sum.baseCents + rate.baseCents, tvaCents: sum.tvaCents + rate.tvaCents });
    }
    prior.push({
      number: r.number,
      kind: r.kind,
      issueDate: r.issueDate,
      byRate: fromStored(r.byRate),
      progressBp: r.progressBp ?? null,
      credited: [...credited.values()],
    });
  }
  return prior;
}

/**
 * Issue an invoice on a validated quote at `at`, as `issue-invoice.ts` does (no mail: the demo is
 * seeded, not lived); `amended` are the contract's lots as its signed avenants left them, if any.
 */
export async function issue(
  tx: Tx,
  quote: Quote,
  request: InvoiceRequest,
  at: Date,
  amended?: QuoteLotInput[],
): Promise<{ id: number; number: string; draft: InvoiceDraft } | null> {
  const [project] = await tx.select().from(projects).where(eq(projects.id, quote.projectId));
  if (!project || !quote.number || !quote.issuerSnapshot) return null;
  const contract = contractOf(amended ?? (await countedLots(tx, quote)), quote.retentionBp);
  const prior = await priorOf(tx, quote.id);
  const result = draftInvoice(contract, prior, request);
  if (!result.ok) return null;
  const draft = result.draft;
  const issueDate = calendarDateAt(at);
  const ends = (await tx.select({ document: invoices.document }).from(invoices).where(eq(invoices.quoteId, quote.id)))
    .map((r) => (r.document as { service_period?: { to: string } | null }).service_period?.to)
    .filter((d): d is string => !!d)
    .sort();
  const period = servicePeriodOf({
    kind: draft.kind,
    from: null,
    to: null,
    issueDate,
    previousEnd: ends.length ? calendarDate(ends[ends.length - 1]) : null,
    contractDay: quote.validatedAt ? calendarDateAt(quote.validatedAt) : null,
  });
  if (!period.ok) return null;
  const business = project.typeClient === 'entreprise';
  // A business client's rate is never below the legal minimum: the half-year's ECB rate + 10 points (decision 1051).
  let latePenalty: { late_penalty_bp: number; late_penalty_basis: unknown } = { late_penalty_bp: quote.latePenaltyBp, late_penalty_basis: null };
  if (business) {
    const series = (await tx.select().from(latePaymentRates)).map((r) => ({
      halfYearStart: calendarDate(r.halfYearStart),
      ecbRateBp: r.ecbRateBp,
      legalRateBp: r.legalRateBp,
    }));
    const rate = latePaymentRateOn(series, issueDate)?.rate;
    if (!rate) return null;
    const penalty = businessLatePenalty(quote.latePenaltyBp, rate);
    latePenalty = {
      late_penalty_bp: penalty.rateBp,
      late_penalty_basis:
        penalty.basis === 'agreed' ? { basis: 'agreed' } : { basis: 'ecb', ecb_rate_bp: penalty.ecbRateBp, half_year_start: penalty.halfYearStart },
    };
  }
  const client = quote.clientSnapshot as { name: string; email: string | null; phone: string | null };
  const projectTitle = await projectTitleOf(tx, project);
  const situationIndex = draft.kind === 'situation' ? prior.filter((p) => p.kind === 'situation').length + 1 : null;
  const title = invoiceTitle(draft.kind, quote.number, situationIndex);
  const document = {
    issuer: quote.issuerSnapshot,
    bank: { iban: DEMO_BANK.iban, bic: DEMO_BANK.bic },
    tva_on_debits: false,
    client: {
      id: quote.clientId,
      name: client.name,
      email: client.email,
      phone: client.phone,
      address: (quote.clientAddress as StoredAddress | null) ?? null,
      is_business: business,
      company_name: business ? project.companyName : null,
      siren: business && project.siret ? sirenOf(project.siret) : null,
    },
    site_address: (quote.siteAddress as StoredAddress | null) ?? null,
    quote: {
      id: quote.id,
      label: quote.number,
      title: quote.title,
      validated_at: quote.validatedAt?.toISOString() ?? null,
      totals: { total_ht_cents: contract.totals.totalHtCents, total_tva_cents: contract.totals.totalTvaCents, total_ttc_cents: contract.totals.totalTtcCents },
    },
    project: { id: project.id, title: projectTitle },
    lines: draft.lines.map((l) => ({
      label: l.label,
      contract_ht_cents: l.contractHtCents,
      progress_bp: l.progressBp,
      previous_progress_bp: l.previousProgressBp,
      cumulative_ht_cents: l.cumulativeHtCents,
    })),
    work: draft.work ? { total_ht_cents: draft.work.totalHtCents, total_tva_cents: draft.work.totalTvaCents, total_ttc_cents: draft.work.totalTtcCents } : null,
    work_by_rate: draft.workByRate ? stored(draft.workByRate) : null,
    deductions: draft.deductions.map((d) => ({
      number: d.number,
      kind: d.kind,
      issue_date: d.issueDate,
      total_ht_cents: d.totalHtCents,
      total_ttc_cents: d.totalTtcCents,
    })),
    deposit_percent_bp: draft.depositPercentBp,
    retention_bp: quote.retentionBp,
    ...latePenalty,
    service_period: period.period,
    payment_terms: quote.paymentTerms,
  };
  const number = await nextNumber(tx, quote.issuerId, 'facture', at);
  const [row] = await tx
    .insert(invoices)
    .values({
      number,
      issuerId: quote.issuerId,
      clientId: quote.clientId,
      quoteId: quote.id,
      projectId: quote.projectId,
      kind: draft.kind,
      title,
      situationIndex,
      issuedAt: at,
      issueDate,
      dueDate: addDays(issueDate, 30),
      totalHtCents: draft.totals.totalHtCents,
      totalTvaCents: draft.totals.totalTvaCents,
      totalTtcCents: draft.totals.totalTtcCents,
      retentionCents: draft.retentionCents,
      byRate: stored(draft.byRate),
      progressBp: draft.progressBp,
      document,
      searchText: words([number, title, client.name, document.client.company_name ?? '', projectTitle, quote.number].join(' ')),
      createdAt: at,
    })
    .returning({ id: invoices.id });
  return { id: row.id, number, draft };
}

/** A quote of the architect for the client, sent at `sentAt` (and accepted then validated when asked), its totals by the domain. */
export async function insertQuote(
  tx: Tx,
  base: Quote,
  input: {
    project: Project;
    title: string;
    lots: Lot[];
    kind: 'travaux' | 'depannage';
    travelCostCents: number | null;
    sentAt: Date;
    validatedAt: Date | null;
    latePenaltyBp: number;
    paymentTerms: string;
  },
): Promise<Quote> {
  const counted = withTravelCosts(input.lots, input.travelCostCents);
  const totals = computeQuoteTotals(counted);
  const number = await nextNumber(tx, base.issuerId, 'devis', input.sentAt);
  const address = { street: input.project.street, postcode: input.project.postcode, city: input.project.city };
  const acceptedAt = input.validatedAt ? new Date(input.validatedAt.getTime() - HOUR) : null;
  const [row] = await tx
    .insert(quotes)
    .values({
      version: 1,
      number,
      issuerId: base.issuerId,
      clientId: base.clientId,
      projectId: input.project.id,
      status: input.validatedAt ? 'Validé' : 'Envoyé',
      title: input.title,
      kind: input.kind,
      clientAddress: address,
      siteAddress: address,
      validityDays: 30,
      validUntil: quoteValidUntil(calendarDateAt(input.sentAt), 30),
      depositBp: 3000,
      paymentTerms: input.paymentTerms,
      latePenaltyBp: input.latePenaltyBp,
      travelCostCents: input.travelCostCents,
      totalHtCents: totals.totalHtCents,
      totalTvaCents: totals.totalTvaCents,
      totalTtcCents: totals.totalTtcCents,
      acceptedTotalHtCents: acceptedAt ? totals.totalHtCents : null,
      acceptedTotalTvaCents: acceptedAt ? totals.totalTvaCents : null,
      acceptedTotalTtcCents: acceptedAt ? totals.totalTtcCents : null,
      issuerSnapshot: base.issuerSnapshot,
      clientSnapshot: base.clientSnapshot,
      sentAt: input.sentAt,
      acceptedAt,
      validatedAt: input.validatedAt,
      searchText: words([number, input.title, (base.clientSnapshot as { name: string }).name, input.project.city].join(' ')),
      createdAt: new Date(input.sentAt.getTime() - HOUR),
      updatedAt: input.validatedAt ?? input.sentAt,
    })
    .returning();
  await tx.update(quotes).set({ rootId: row.id }).where(eq(quotes.id, row.id));
  let index = 0;
  for (const [position, lot] of input.lots.entries()) {
    const [lotRow] = await tx.insert(quoteLots).values({ quoteId: row.id, position, title: lot.title }).returning({ id: quoteLots.id });
    for (const [linePosition, l] of lot.lines.entries()) {
      await tx
        .insert(quoteLines)
        .values({ quoteId: row.id, lotId: lotRow.id, position: linePosition, ...l, chosen: false, netHtCents: totals.lines[index++].netCents });
    }
  }
  const events: Array<{ action: string; detail: string | null; at: Date; actorId: number }> = [
    { action: 'created', detail: null, at: new Date(input.sentAt.getTime() - HOUR), actorId: base.issuerId },
    { action: 'sent', detail: number, at: input.sentAt, actorId: base.issuerId },
  ];
  if (acceptedAt && input.validatedAt) {
    events.push({ action: 'accepted', detail: `acompte ${depositCents(totals.totalTtcCents, 3000)} centimes`, at: acceptedAt, actorId: base.clientId });
    events.push({ action: 'validated', detail: null, at: input.validatedAt, actorId: base.issuerId });
  }
  await tx.insert(quoteEvents).values(events.map((e) => ({ quoteId: row.id, actorId: e.actorId, action: e.action, detail: e.detail, createdAt: e.at })));
  return { ...row, rootId: row.id };
}

export async function seedDemoInvoiceCases({ db }: DatabaseHandle): Promise<void> {
  const [architect] = await db.select().from(users).where(eq(users.email, 'architecte@ouvrage.test'));
  const [admin] = await db.select().from(users).where(eq(users.email, 'admin@ouvrage.test'));
  if (!architect) return;
  if (
    (
      await db
        .select({ id: quotes.id })
        .from(quotes)
        .where(and(eq(quotes.issuerId, architect.id), eq(quotes.kind, 'depannage')))
        .limit(1)
    ).length
  )
    return;
  const [validated] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.issuerId, architect.id), eq(quotes.status, 'Validé')))
    .orderBy(asc(quotes.id))
    .limit(1);
  if (!validated?.validatedAt || !validated.issuerSnapshot) return;
  const [home] = await db.select().from(projects).where(eq(projects.id, validated.projectId));
  if (!home) return;
  const now = Date.now();
  const validatedAt = validated.validatedAt;

  await db.transaction(async (tx) => {
    // 1. The works of the validated quote 60 % done: a situation, its 30 % deposit deducted.
    // Dated before the réception the demo holds a week after the validation (demo-reception).
    await issue(tx, validated, { kind: 'situation', progressBp: [6000] }, new Date(Math.min(validatedAt.getTime() + 5 * DAY, now - 3 * DAY)));

    // 2. The chantier of decision 1224: an attic signed with its schedule, half paid by SEPA debit, one avenant.
    await seedDemoChantier(tx, validated, home, now);

    // 3. A business client: the demo client's company fits out its offices with the architect.
    const { id: _id, ...homeFields } = home;
    const [office] = await tx
      .insert(projects)
      .values({
        ...homeFields,
        typeClient: 'entreprise',
        companyName: BUSINESS.companyName,
        siret: BUSINESS.siret,
        street: '14 quai Saint-Vincent',
        postcode: '69001',
        city: 'Lyon 1er Arrondissement',
        cityCode: '69381',
        departement: '69',
        description: 'Aménagement des bureaux de l’agence : cloisons, plafonds acoustiques et électricité tertiaire.',
        latitude: 45.7676,
        longitude: 4.8284,
        // As demo-projects files its projects' words: the client, then the place.
        searchText: words(`${home.lastname} ${home.firstname} ${home.email} ${BUSINESS.companyName} Lyon 1er Arrondissement 69001 69`),
        createdAt: new Date(now - 20 * DAY),
      })
      .returning();
    await tx.insert(offers).values({
      projectId: office.id,
      professionalId: architect.id,
      status: 'Acceptée',
      validation: '1',
      answeredAt: new Date(now - 10 * DAY),
      createdAt: new Date(now - 15 * DAY),
      createdBy: admin?.id ?? null,
    });
    const officeQuote = await insertQuote(tx, validated, {
      project: office,
      title: 'Aménagement des bureaux de l’agence',
      lots: OFFICE,
      kind: 'travaux',
      travelCostCents: null,
      sentAt: new Date(now - 3 * DAY + 2 * HOUR),
      validatedAt: new Date(now - 2 * DAY),
      // No rate agreed: the invoices print the legal rate between professionals (ECB + 10 points).
      latePenaltyBp: 0,
      paymentTerms: 'Acompte de 30 % à la commande, situations mensuelles, solde à la réception, par virement à 30 jours.',
    });
    // A 40 % deposit issued by mistake, paid by a transfer the admin confirmed…
    const wrong = await issue(tx, officeQuote, { kind: 'acompte', percentBp: 4000 }, new Date(now - 2 * DAY + 2 * HOUR));
    if (wrong) {
      const paidAt = new Date(now - DAY);
      const amount = wrong.draft.amountDueCents;
      const [payment] = await tx
        .insert(payments)
        .values({
          invoiceId: wrong.id,
          clientId: officeQuote.clientId,
          issuerId: officeQuote.issuerId,
          method: 'virement',
          status: 'confirme',
          amountCents: amount,
          reference: invoiceCreditorReference({ id: wrong.id, number: wrong.number }),
          createdBy: officeQuote.clientId,
          createdAt: new Date(now - 2 * DAY + 6 * HOUR),
          confirmedAt: paidAt,
          confirmedBy: admin?.id ?? null,
        })
        .returning({ id: payments.id });
      await tx
        .insert(bankTransfers)
        .values({ paymentId: payment.id, declaredOn: calendarDateAt(new Date(now - 2 * DAY + 6 * HOUR)), receivedOn: calendarDateAt(paidAt) });
      await tx.update(invoices).set({ paidCents: amount }).where(eq(invoices.id, wrong.id));
      // … cancelled by a total avoir: the architect owes the client the refund (decision 1062).
      const credit = draftCreditNote({ byRate: wrong.draft.byRate, credited: [] }, null);
      if (credit.ok) {
        const at = new Date(now - 3 * HOUR);
        const number = await nextNumber(tx, officeQuote.issuerId, 'avoir', at);
        await tx.insert(creditNotes).values({
          number,
          invoiceId: wrong.id,
          issuerId: officeQuote.issuerId,
          clientId: officeQuote.clientId,
          reason: 'Acompte facturé à 40 % au lieu des 30 % prévus au devis.',
          issuedAt: at,
          issueDate: calendarDateAt(at),
          totalHtCents: credit.totals.totalHtCents,
          totalTvaCents: credit.totals.totalTvaCents,
          totalTtcCents: credit.totals.totalTtcCents,
          byRate: stored(credit.byRate),
          createdAt: at,
        });
        await tx.update(invoices).set({ creditedCents: credit.totals.totalTtcCents }).where(eq(invoices.id, wrong.id));
      }
    }
    // The deposit the quote provides, issued again to the company (SIREN, late-payment rate, 40 € indemnity).
    await issue(tx, officeQuote, { kind: 'acompte', percentBp: 3000 }, new Date(now - 2 * HOUR));

    // 4. A dépannage at the demo client's house, sent this morning: travel costs HT, counted in the total.
    await insertQuote(tx, validated, {
      project: home,
      title: 'Dépannage : fuite sous l’évier',
      lots: REPAIR,
      kind: 'depannage',
      travelCostCents: TRAVEL_COST_HT_CENTS,
      sentAt: new Date(now - HOUR),
      validatedAt: null,
      latePenaltyBp: 1000,
      paymentTerms: 'Paiement à la fin de l’intervention, par virement ou par carte.',
    });
  });
}
