import { and, eq, sql } from 'drizzle-orm';
import {
  computeQuoteTotals,
  depositCents,
  formatDocumentNumber,
  parisYear,
  quoteValidUntil,
  searchNormalize,
  todayInParis,
  totalsWithOptions,
  type CalendarDate,
  type QuoteStatus,
  type QuoteUnit,
  type TvaRate,
} from '@ouvrage/domain';
import type { DatabaseHandle } from '../client';
import { companies, companyInsurances, documentCounters, offers, projects, quoteEvents, quoteLines, quoteLots, quotes, users } from '../schema';

const DAY = 86_400_000;

type Line = {
  designation: string;
  quantityMilli: number;
  unit: QuoteUnit;
  unitPriceCents: number;
  tvaRateBp: TvaRate;
  discountBp?: number;
  optional?: boolean;
};
type Lot = { title: string; lines: Line[] };

const KITCHEN: Lot[] = [
  {
    title: 'Démolition',
    lines: [{ designation: 'Dépose de la cuisine et des faïences existantes', quantityMilli: 1000, unit: 'forfait', unitPriceCents: 85_000, tvaRateBp: 1000 }],
  },
  {
    title: 'Plomberie',
    lines: [
      { designation: 'Alimentation et évacuation de l’évier', quantityMilli: 1000, unit: 'forfait', unitPriceCents: 64_000, tvaRateBp: 1000 },
      { designation: 'Chauffe-eau thermodynamique 200 l', quantityMilli: 1000, unit: 'u', unitPriceCents: 289_000, tvaRateBp: 550 },
    ],
  },
  {
    title: 'Revêtements',
    lines: [
      { designation: 'Carrelage grès cérame 60×60, pose droite', quantityMilli: 12_500, unit: 'm²', unitPriceCents: 5_490, tvaRateBp: 1000 },
      { designation: 'Crédence en verre laqué', quantityMilli: 3_200, unit: 'ml', unitPriceCents: 21_000, tvaRateBp: 1000, optional: true },
    ],
  },
];

const RAISING: Lot[] = [
  {
    title: 'Gros œuvre',
    lines: [
      { designation: 'Rehausse des murs en ossature bois', quantityMilli: 48_000, unit: 'm²', unitPriceCents: 26_500, tvaRateBp: 2000 },
      { designation: 'Chaînage béton armé', quantityMilli: 32_000, unit: 'ml', unitPriceCents: 9_800, tvaRateBp: 2000 },
    ],
  },
  {
    title: 'Couverture',
    lines: [
      {
        designation: 'Charpente et couverture tuiles terre cuite',
        quantityMilli: 75_000,
        unit: 'm²',
        unitPriceCents: 14_200,
        tvaRateBp: 2000,
        discountBp: 500,
      },
      { designation: 'Fenêtres de toit 78×98', quantityMilli: 2000, unit: 'u', unitPriceCents: 68_000, tvaRateBp: 2000, optional: true },
    ],
  },
];

interface DemoQuote {
  project: 'bordeaux' | 'ecully';
  title: string;
  lots: Lot[];
  status: QuoteStatus;
  daysAgo: number;
  /** The version this one follows (same root and number). */
  follows?: number;
  chosenOptions?: boolean;
  refusalReason?: string;
}

const QUOTES: DemoQuote[] = [
  { project: 'bordeaux', title: 'Rénovation de la cuisine', lots: KITCHEN, status: 'Brouillon', daysAgo: 1 },
  { project: 'ecully', title: 'Rénovation de la cuisine et de l’eau chaude', lots: KITCHEN, status: 'Envoyé', daysAgo: 3 },
  { project: 'ecully', title: 'Extension : ossature bois et couverture', lots: RAISING, status: 'Accepté', daysAgo: 12, chosenOptions: true },
  {
    project: 'bordeaux',
    title: 'Surélévation de la maison',
    lots: RAISING,
    status: 'Refusé',
    daysAgo: 20,
    refusalReason: 'Le montant dépasse notre budget : pouvez-vous proposer une variante sans fenêtres de toit ?',
  },
  {
    project: 'bordeaux',
    title: 'Surélévation de la maison',
    lots: RAISING.map((lot) => ({ ...lot, lines: lot.lines.filter((l) => !l.optional) })),
    status: 'Envoyé',
    daysAgo: 8,
    follows: 3,
  },
  { project: 'ecully', title: 'Maîtrise d’œuvre : suivi de chantier', lots: [KITCHEN[0]], status: 'Validé', daysAgo: 30 },
];

/**
 * Demo quotes (development only) of architecte@ouvrage.test for client@ouvrage.test, on two of
 * the client's projects whose tender the architect accepted: a draft, a sent quote with 3 lots,
 * 2 TVA rates and an option, an accepted one (option taken), a refused one with its v2 sent, a
 * validated one. Totals come from the domain code; numbers from the counters, so the next real
 * number follows without a gap. Runs after the demo professionals, projects and tenders.
 */
export async function seedDemoQuotes({ db }: DatabaseHandle): Promise<void> {
  if ((await db.select({ id: quotes.id }).from(quotes).limit(1)).length) return;
  const byEmail = async (email: string) =>
    (
      await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
    )[0];
  const [architect, client] = await Promise.all([byEmail('architecte@ouvrage.test'), byEmail('client@ouvrage.test')]);
  if (!architect || !client) return;
  // The admin sent the tenders: the project's timeline names them (decision 0830).
  const admin = await byEmail('admin@ouvrage.test');
  const clientProjects = await db.select().from(projects).where(eq(projects.clientId, client.id));
  const bordeaux = clientProjects.find((p) => p.cityCode === '33063');
  const ecully = clientProjects.find((p) => p.cityCode === '69081');
  const [company] = await db.select().from(companies).where(eq(companies.userId, architect.id));
  if (!bordeaux || !ecully || !company) return;
  const insurances = await db.select().from(companyInsurances).where(eq(companyInsurances.userId, architect.id));
  const insurance = (kind: string) => {
    const i = insurances.find((r) => r.kind === kind);
    return i
      ? {
          insurer: i.insurer,
          insurer_address: i.insurerAddress,
          policy_number: i.policyNumber,
          coverage: i.coverage,
          valid_from: i.validFrom,
          valid_until: i.validUntil,
          has_certificate: !!i.certificatePath,
        }
      : null;
  };
  // The issuer as a sent quote freezes it (the API's `QuoteIssuer`).
  const issuerSnapshot = {
    id: architect.id,
    name: company.raisonSociale,
    trade_name: company.tradeName,
    legal_form: company.formeJuridique,
    capital_cents: company.capitalCents,
    address: `${company.headOfficeAddress}, ${company.headOfficePostcode} ${company.headOfficeCity}`,
    siret: company.siret,
    rcs_rm: company.rcsRm,
    tva_number: company.tvaNumber,
    email: company.contactEmail ?? architect.email,
    phone: company.contactPhone ?? architect.phone,
    decennale: insurance('decennale'),
    rc_pro: insurance('rc_pro'),
  };
  const clientSnapshot = { name: `${client.firstname} ${client.lastname}`, email: client.email, phone: client.phone };
  const now = Date.now();
  const year = parisYear(new Date(now));

  await db.transaction(async (tx) => {
    for (const p of [bordeaux, ecully]) {
      const [tender] = await tx
        .select({ id: offers.id })
        .from(offers)
        .where(and(eq(offers.projectId, p.id), eq(offers.professionalId, architect.id)));
      if (!tender) {
        await tx.insert(offers).values({
          projectId: p.id,
          professionalId: architect.id,
          status: 'Acceptée',
          validation: '1',
          answeredAt: new Date(now - 40 * DAY),
          createdAt: new Date(now - 45 * DAY),
          createdBy: admin?.id ?? null,
        });
      }
    }
    let sequence = 0;
    const ids: number[] = [];
    const rows: Array<{ id: number; number: string | null; version: number }> = [];
    // Numbers in sending order, as the API gives them.
    const sendingOrder = QUOTES.map((q, i) => ({ q, i })).sort((a, b) => b.q.daysAgo - a.q.daysAgo);
    const numbers = new Map<number, string>();
    for (const { q, i } of sendingOrder) {
      if (q.status === 'Brouillon' || q.follows !== undefined) continue;
      sequence += 1;
      numbers.set(i, formatDocumentNumber({ prefix: 'D', year, sequence }));
    }
    for (const [i, q] of QUOTES.entries()) {
      const project = q.project === 'bordeaux' ? bordeaux : ecully;
      const at = new Date(now - q.daysAgo * DAY);
      const totals = computeQuoteTotals(q.lots.map((lot) => ({ title: lot.title, lines: lot.lines.map((l) => ({ ...l, discountBp: l.discountBp ?? 0 })) })));
      const root = q.follows !== undefined ? rows[q.follows] : null;
      const number = q.status === 'Brouillon' ? null : root ? root.number : numbers.get(i)!;
      const version = root ? root.version + 1 : 1;
      const sentOn = todayInParis({ now: () => at });
      const address = { street: project.street, postcode: project.postcode, city: project.city };
      const [row] = await tx
        .insert(quotes)
        .values({
          rootId: root ? ids[q.follows!] : null,
          version,
          number,
          issuerId: architect.id,
          clientId: client.id,
          projectId: project.id,
          status: q.status,
          title: q.title,
          clientAddress: address,
          siteAddress: address,
          validityDays: 30,
          validUntil: q.status === 'Brouillon' ? null : quoteValidUntil(sentOn as CalendarDate, 30),
          depositBp: 3000,
          paymentTerms: 'Acompte de 30 % à la signature, solde à la réception des travaux, par virement sous 30 jours.',
          latePenaltyBp: 1000,
          totalHtCents: totals.totalHtCents,
          totalTvaCents: totals.totalTvaCents,
          totalTtcCents: totals.totalTtcCents,
          issuerSnapshot: q.status === 'Brouillon' ? null : issuerSnapshot,
          clientSnapshot: q.status === 'Brouillon' ? null : clientSnapshot,
          sentAt: q.status === 'Brouillon' ? null : at,
          refusedAt: q.refusalReason ? new Date(at.getTime() + 2 * DAY) : null,
          refusalReason: q.refusalReason ?? null,
          searchText: searchNormalize([number ?? '', q.title, clientSnapshot.name, project.city].join(' '))
            .replace(/[^a-z0-9]+/g, ' ')
            .trim(),
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      if (!root) await tx.update(quotes).set({ rootId: row.id }).where(eq(quotes.id, row.id));
      ids.push(row.id);
      rows.push({ id: row.id, number, version });

      const lineIds: Array<{ id: number; optional: boolean }> = [];
      let index = 0;
      for (const [position, lot] of q.lots.entries()) {
        const [lotRow] = await tx.insert(quoteLots).values({ quoteId: row.id, position, title: lot.title }).returning({ id: quoteLots.id });
        for (const [linePosition, line] of lot.lines.entries()) {
          const [lineRow] = await tx
            .insert(quoteLines)
            .values({
              quoteId: row.id,
              lotId: lotRow.id,
              position: linePosition,
              designation: line.designation,
              quantityMilli: line.quantityMilli,
              unit: line.unit,
              unitPriceCents: line.unitPriceCents,
              tvaRateBp: line.tvaRateBp,
              discountBp: line.discountBp ?? 0,
              optional: line.optional ?? false,
              chosen: !!(q.chosenOptions && line.optional),
              netHtCents: totals.lines[index++].netCents,
            })
            .returning({ id: quoteLines.id });
          lineIds.push({ id: lineRow.id, optional: line.optional ?? false });
        }
      }
      const events: Array<{ action: string; detail?: string; at: Date; actorId: number }> = [{ action: 'created', at, actorId: architect.id }];
      if (number) events.push({ action: 'sent', detail: number, at, actorId: architect.id });
      if (['Accepté', 'Validé'].includes(q.status)) {
        const chosen = q.chosenOptions ? lineIds.filter((l) => l.optional).map((l) => l.id) : [];
        const lots = q.lots.map((lot, l) => ({
          title: lot.title,
          lines: lot.lines.map((line, k) => ({
            ...line,
            discountBp: line.discountBp ?? 0,
            id: lineIds[q.lots.slice(0, l).reduce((n, x) => n + x.lines.length, 0) + k].id,
            optional: line.optional ?? false,
          })),
        }));
        const accepted = totalsWithOptions(lots, chosen);
        const acceptedAt = new Date(at.getTime() + 2 * DAY);
        await tx
          .update(quotes)
          .set({
            acceptedAt,
            acceptedTotalHtCents: accepted.totalHtCents,
            acceptedTotalTvaCents: accepted.totalTvaCents,
            acceptedTotalTtcCents: accepted.totalTtcCents,
            validatedAt: q.status === 'Validé' ? new Date(at.getTime() + 4 * DAY) : null,
          })
          .where(eq(quotes.id, row.id));
        events.push({ action: 'accepted', detail: `acompte ${depositCents(accepted.totalTtcCents, 3000)} centimes`, at: acceptedAt, actorId: client.id });
        if (q.status === 'Validé') events.push({ action: 'validated', at: new Date(at.getTime() + 4 * DAY), actorId: architect.id });
      }
      if (q.refusalReason) events.push({ action: 'refused', detail: q.refusalReason, at: new Date(at.getTime() + 2 * DAY), actorId: client.id });
      await tx
        .insert(quoteEvents)
        .values(events.map((e) => ({ quoteId: row.id, actorId: e.actorId, action: e.action, detail: e.detail ?? null, createdAt: e.at })));
    }
    // The counter continues after the demo numbers: the next real sending takes the next one.
    if (sequence) {
      await tx
        .insert(documentCounters)
        .values({ issuerId: architect.id, series: 'devis', year, lastNumber: sequence })
        .onConflictDoUpdate({
          target: [documentCounters.issuerId, documentCounters.series, documentCounters.year],
          set: { lastNumber: sql`greatest(${documentCounters.lastNumber}, ${sequence})` },
        });
    }
    await tx
      .update(projects)
      .set({ state: 'Attribué' })
      .where(sql`${projects.id} in (${bordeaux.id}, ${ecully.id}) and ${projects.state} in ('Validé', 'En consultation')`);
  });
}
