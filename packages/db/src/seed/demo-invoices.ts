import { and, asc, eq, inArray } from 'drizzle-orm';
import { addDays, calendarDateAt, contractOf, draftInvoice, invoiceTitle, searchNormalize, type QuoteUnit, type TvaRate } from '@ouvrage/domain';
import type { DatabaseHandle } from '../client';
import { biens, categories, invoices, projects, quoteLines, quoteLots, quotes, users } from '../schema';
import type { StoredAddress } from '../schema';
import { nextNumber } from './demo-invoice-cases';
import { DEMO_BANK } from './demo-transfers';

/**
 * A demo invoice (development only): a 30 % deposit on the demo architect's validated quote, so
 * that the demo client has an invoice in « Mes factures ». Amounts come from the domain code and
 * the number from the counter (after the demo chantier’s, decision 1224), so the next invoice the API issues follows it; the
 * printed document has the shape the API freezes (decision 0700). Runs after the demo quotes.
 */
export async function seedDemoInvoices({ db }: DatabaseHandle): Promise<void> {
  const [architect] = await db.select().from(users).where(eq(users.email, 'architecte@ouvrage.test'));
  if (!architect) return;
  const [quote] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.issuerId, architect.id), eq(quotes.status, 'Validé')))
    .orderBy(asc(quotes.id))
    .limit(1);
  if (!quote || !quote.number || !quote.issuerSnapshot) return;
  if ((await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.quoteId, quote.id)).limit(1)).length) return;
  const [lots, lines, [project]] = await Promise.all([
    db.select().from(quoteLots).where(eq(quoteLots.quoteId, quote.id)).orderBy(asc(quoteLots.position)),
    db.select().from(quoteLines).where(eq(quoteLines.quoteId, quote.id)).orderBy(asc(quoteLines.position)),
    db
      .select()
      .from(projects)
      .where(inArray(projects.id, [quote.projectId])),
  ]);
  const [category] = project ? await db.select({ name: categories.name }).from(categories).where(eq(categories.id, project.categoryId)) : [];
  const [bien] = project ? await db.select({ name: biens.name }).from(biens).where(eq(biens.id, project.bienId)) : [];
  // Named as the API names projects on quotes and invoices: category · good — town.
  const projectTitle = project ? `${category?.name ?? ''} · ${bien?.name ?? ''} — ${project.city}` : '';
  const contract = contractOf(
    lots.map((lot) => ({
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
    })),
    quote.retentionBp,
  );
  const result = draftInvoice(contract, [], { kind: 'acompte', percentBp: 3000 });
  if (!result.ok) return;
  const draft = result.draft;
  const issuedAt = new Date((quote.validatedAt ?? quote.createdAt).getTime() + 86_400_000);
  const issueDate = calendarDateAt(issuedAt);
  const client = quote.clientSnapshot as { name: string; email: string | null; phone: string | null };
  const business = project?.typeClient === 'entreprise';
  const title = invoiceTitle('acompte', quote.number);
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
      company_name: business ? (project?.companyName ?? null) : null,
      siren: business && project?.siret ? project.siret.replace(/\D/g, '').slice(0, 9) : null,
    },
    site_address: (quote.siteAddress as StoredAddress | null) ?? null,
    quote: {
      id: quote.id,
      label: quote.number,
      title: quote.title,
      validated_at: quote.validatedAt?.toISOString() ?? null,
      totals: { total_ht_cents: contract.totals.totalHtCents, total_tva_cents: contract.totals.totalTvaCents, total_ttc_cents: contract.totals.totalTtcCents },
    },
    project: { id: quote.projectId, title: projectTitle },
    lines: draft.lines.map((l) => ({
      label: l.label,
      contract_ht_cents: l.contractHtCents,
      progress_bp: l.progressBp,
      previous_progress_bp: l.previousProgressBp,
      cumulative_ht_cents: l.cumulativeHtCents,
    })),
    work: null,
    deductions: [],
    deposit_percent_bp: draft.depositPercentBp,
    retention_bp: quote.retentionBp,
    late_penalty_bp: quote.latePenaltyBp,
    payment_terms: quote.paymentTerms,
  };
  await db.transaction(async (tx) => {
    // The next number of the architect's counter (F-YYYY-0001 unless the demo chantier's came first).
    const number = await nextNumber(tx, architect.id, 'facture', issuedAt);
    await tx.insert(invoices).values({
      number,
      issuerId: architect.id,
      clientId: quote.clientId,
      quoteId: quote.id,
      projectId: quote.projectId,
      kind: 'acompte',
      title,
      issuedAt,
      issueDate,
      dueDate: addDays(issueDate, 30),
      totalHtCents: draft.totals.totalHtCents,
      totalTvaCents: draft.totals.totalTvaCents,
      totalTtcCents: draft.totals.totalTtcCents,
      retentionCents: 0,
      byRate: draft.byRate.map((r) => ({ rate_bp: r.rateBp, base_cents: r.baseCents, tva_cents: r.tvaCents })),
      document,
      searchText: searchNormalize([number, title, client.name, projectTitle, quote.number].join(' '))
        .replace(/[^a-z0-9]+/g, ' ')
        .trim(),
      createdAt: issuedAt,
    });
  });
}
