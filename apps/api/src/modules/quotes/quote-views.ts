import type { PostalAddress, ProjectName, QuoteDetail, QuoteIssuer, QuoteListItem, QuoteTotals } from '@ouvrage/contracts';
import type { Executor, StoredAddress } from '@ouvrage/db';
import {
  depositCents,
  effectiveQuoteStatus,
  missingIssuerMentions,
  quoteTransitionRefusal,
  quoteVersionLabel,
  reducedTvaCertification,
  todayInParis,
  totalsWithOptions,
  withTravelCosts,
  type CalendarDate,
  type Caller,
  type QuoteAction,
  type QuoteStatus,
  type TvaRate,
  type QuoteUnit,
} from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { projectLabelsByIds, projectsByIds, type ProjectForOthers, type ProjectLabel } from '../projects';
import { findUsers } from '../users';
import { companiesOf } from '../professionals';
import { hasCompanyName, liveIssuer, mentionItems, mentionsOf, quoteMentionsMissing } from './issuer';
import { currentMediator } from './mediator';
import * as repo from './repository';
import { withdrawalView } from './withdrawal-view';

/** How a project is named on quotes: its category, the good and the town (projects have no title). */
export function projectTitle(p: ProjectForOthers): string {
  return projectLabelTitle({ ...p, city: p.project.city });
}

function projectLabelTitle(p: Pick<ProjectLabel, 'categoryName' | 'bienName' | 'city'>): string {
  return `${p.categoryName} · ${p.bienName} — ${p.city}`;
}

/** The same by its parts, for the screens to compose in the reader's language (decision 1206). */
export function projectName(p: ProjectForOthers): ProjectName {
  return projectLabelName({ ...p, city: p.project.city });
}

function projectLabelName(p: Pick<ProjectLabel, 'categoryName' | 'bienName' | 'city'>): ProjectName {
  return { category_name: p.categoryName, bien_name: p.bienName, city: p.city };
}

const NO_PROJECT: ProjectName = { category_name: '', bien_name: '', city: '' };

export function projectAddress(p: ProjectForOthers): PostalAddress {
  return { street: p.project.street, postcode: p.project.postcode, city: p.project.city };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Lines as the domain's totals read them (stored rows carry the same numbers). */
export function domainLots(lots: repo.QuoteLotRow[], lines: repo.QuoteLineRow[]) {
  return lots.map((lot) => ({
    id: lot.id,
    title: lot.title,
    lines: lines
      .filter((l) => l.lotId === lot.id)
      .map((l) => ({
        id: l.id,
        designation: l.designation,
        quantityMilli: l.quantityMilli,
        unit: l.unit as QuoteUnit,
        unitPriceCents: l.unitPriceCents,
        tvaRateBp: l.tvaRateBp as TvaRate,
        discountBp: l.discountBp,
        optional: l.optional,
        row: l,
      })),
  }));
}

export function totalsView(t: ReturnType<typeof totalsWithOptions>): QuoteTotals {
  return {
    total_ht_cents: t.totalHtCents,
    total_tva_cents: t.totalTvaCents,
    total_ttc_cents: t.totalTtcCents,
    by_rate: t.byRate.map((r) => ({ rate_bp: r.rateBp, base_cents: r.baseCents, tva_cents: r.tvaCents })),
  };
}

/** The status a quote shows today (a sent one past its validity date reads `Expiré`). */
export function statusToday(q: Pick<repo.QuoteRow, 'status' | 'validUntil'>, today: CalendarDate): QuoteStatus {
  return effectiveQuoteStatus({ status: q.status, validUntil: q.validUntil as CalendarDate | null }, today);
}

/** What the caller may do now: the issuer edits, sends, cancels, validates; the client answers. */
function abilities(q: repo.QuoteRow, status: QuoteStatus, caller: Caller, isLatest: boolean): QuoteDetail['can'] {
  const issuer = caller.id === q.issuerId && caller.user_type === 'architecte';
  const client = caller.id === q.clientId && caller.user_type === 'client';
  const may = (action: QuoteAction) => quoteTransitionRefusal(status, action) === null;
  return {
    edit: issuer && may('edit'),
    delete: issuer && may('delete'),
    send: issuer && may('send'),
    accept: client && may('accept'),
    refuse: client && may('refuse'),
    cancel: issuer && may('cancel'),
    validate: issuer && may('validate'),
    new_version: issuer && isLatest && may('new-version'),
    sign: client && may('sign'),
  };
}

/** The client as printed: frozen at sending, else live from their account. */
async function clientOf(db: Executor, q: repo.QuoteRow): Promise<QuoteDetail['client']> {
  const snap = q.clientSnapshot as { name?: string; email?: string | null; phone?: string | null } | null;
  const address = (q.clientAddress as StoredAddress | null) ?? null;
  if (snap) return { id: q.clientId, name: snap.name ?? '', email: snap.email ?? null, phone: snap.phone ?? null, address };
  const [user] = await findUsers(db, [q.clientId]);
  return {
    id: q.clientId,
    name: user ? `${user.firstname} ${user.lastname}`.trim() : '',
    email: user?.email ?? null,
    phone: user?.phone ?? null,
    address,
  };
}

/** Everything the detail screen and the PDF show, for `caller`. */
export async function quoteDetail(deps: AppDeps, db: Executor, q: repo.QuoteRow, caller: Caller): Promise<QuoteDetail> {
  const today = todayInParis(deps.clock);
  const [{ lots, lines }, [project], versions, client, mediator] = await Promise.all([
    repo.contentOf(db, q.id),
    projectsByIds(db, [q.projectId]),
    repo.versionsOf(db, q.rootId ?? q.id),
    clientOf(db, q),
    currentMediator(db),
  ]);
  const isIssuer = caller.id === q.issuerId;
  const isDraft = q.status === 'Brouillon';
  const issuer = isDraft || !q.issuerSnapshot ? await liveIssuer(db, q.issuerId) : (q.issuerSnapshot as unknown as QuoteIssuer);
  const content = domainLots(lots, lines);
  // Travel costs count like a lot of their own, after the issuer's (decision 1002).
  const counted = withTravelCosts(content, q.travelCostCents);
  const base = totalsWithOptions(counted);
  const accepted = q.acceptedAt
    ? totalsWithOptions(
        counted,
        lines.filter((l) => l.chosen).map((l) => l.id),
      )
    : null;
  const status = statusToday(q, today);
  // The client never sees drafts, so neither in the versions.
  const visible = versions.filter((v) => caller.user_type !== 'client' || v.status !== 'Brouillon');
  const latest = versions[versions.length - 1];
  let missing: QuoteDetail['missing_mentions'] = [];
  if (isIssuer && isDraft) {
    const named = await hasCompanyName(db, q.issuerId);
    const counted = base.lines.filter((l) => l.counted).length;
    missing = mentionItems([...missingIssuerMentions(mentionsOf(issuer, named), today), ...quoteMentionsMissing(q, counted)]);
  }
  let lineIndex = 0;
  return {
    id: q.id,
    root_id: q.rootId ?? q.id,
    version: q.version,
    number: q.number,
    label: quoteVersionLabel(q.number, q.version),
    status,
    title: q.title,
    kind: q.kind,
    project: {
      id: q.projectId,
      title: project ? projectTitle(project) : '',
      category: project?.categoryName ?? '',
      name: project ? projectName(project) : NO_PROJECT,
    },
    issuer,
    client,
    site_address: (q.siteAddress as StoredAddress | null) ?? null,
    lots: counted.map((lot, i) => ({
      id: lot.id,
      title: lot.title,
      ...('travel' in lot ? { travel: true } : {}),
      // Once accepted, the lot as agreed: its chosen options counted (decision 1071).
      subtotal_ht_cents: (accepted ?? base).lots[i].subtotalHtCents,
      lines: lot.lines.map((l) => {
        const net = base.lines[lineIndex++];
        return {
          id: l.id,
          product_id: 'row' in l ? l.row.productId : null,
          designation: l.designation,
          description: 'row' in l ? l.row.description : '',
          quantity_milli: l.quantityMilli,
          unit: l.unit,
          unit_price_cents: l.unitPriceCents,
          tva_rate_bp: l.tvaRateBp,
          discount_bp: l.discountBp,
          optional: l.optional,
          chosen: 'row' in l ? l.row.chosen : false,
          net_ht_cents: net.netCents,
        };
      }),
    })),
    totals: totalsView(base),
    accepted_totals: accepted ? totalsView(accepted) : null,
    deposit_bp: q.depositBp,
    deposit_cents: depositCents((accepted ?? base).totalTtcCents, q.depositBp),
    validity_days: q.validityDays,
    valid_until: q.validUntil,
    payment_terms: q.paymentTerms,
    late_penalty_bp: q.latePenaltyBp,
    retention_bp: q.retentionBp,
    free_text: q.freeText,
    general_conditions: q.generalConditions,
    is_free: q.isFree,
    quote_price_cents: q.quotePriceCents,
    travel_cost_cents: q.travelCostCents,
    works_start_date: q.worksStartDate,
    works_duration_days: q.worksDurationDays,
    urgent_repair: q.urgentRepair,
    client_type: project?.project.typeClient === 'entreprise' ? 'entreprise' : 'particulier',
    mediator,
    accent_color: q.accentColor,
    has_logo: !!q.logoPath,
    reduced_tva_certification: reducedTvaCertification(lines.filter((l) => !l.optional || l.chosen).map((l) => l.tvaRateBp)),
    revision: q.revision,
    created_at: q.createdAt.toISOString(),
    updated_at: q.updatedAt.toISOString(),
    sent_at: iso(q.sentAt),
    accepted_at: iso(q.acceptedAt),
    refused_at: iso(q.refusedAt),
    refusal_reason: q.refusalReason,
    cancelled_at: iso(q.cancelledAt),
    cancel_reason: q.cancelReason,
    validated_at: iso(q.validatedAt),
    signed_at: iso(q.signedAt),
    versions: visible.map((v) => ({
      id: v.id,
      version: v.version,
      label: quoteVersionLabel(v.number, v.version),
      status: statusToday(v, today),
      sent_at: iso(v.sentAt),
      total_ttc_cents: v.acceptedTotalTtcCents ?? v.totalTtcCents,
    })),
    missing_mentions: missing,
    can: abilities(q, status, caller, latest?.id === q.id),
    withdrawal: withdrawalView(q, project?.project.typeClient, today),
  };
}

/** List rows with their project, client and issuer names, in a constant number of queries. */
export async function listItems(deps: AppDeps, rows: repo.QuoteListRow[]): Promise<QuoteListItem[]> {
  const today = todayInParis(deps.clock);
  // A sent quote names its client and issuer from its snapshots; only drafts (and quotes from
  // before snapshots) need the accounts and the issuers' companies.
  const unnamed = rows.filter((r) => r.clientName === null || r.issuerName === null);
  const [projects, users, companies] = await Promise.all([
    projectLabelsByIds(
      deps.db,
      rows.map((r) => r.projectId),
    ),
    findUsers(deps.db, [...new Set(unnamed.flatMap((r) => [r.clientId, r.issuerId]))]),
    companiesOf(deps.db, [...new Set(unnamed.filter((r) => r.issuerName === null).map((r) => r.issuerId))]),
  ]);
  const projectById = new Map(projects.map((p) => [p.id, p]));
  const userById = new Map(users.map((u) => [u.id, u]));
  const companyById = new Map(companies.map((c) => [c.userId, c]));
  const personName = (id: number) => {
    const u = userById.get(id);
    return u ? `${u.firstname} ${u.lastname}`.trim() : '';
  };
  return rows.map((q) => {
    const project = projectById.get(q.projectId);
    const company = companyById.get(q.issuerId);
    return {
      id: q.id,
      root_id: q.rootId ?? q.id,
      version: q.version,
      number: q.number,
      label: quoteVersionLabel(q.number, q.version),
      status: statusToday(q, today),
      title: q.title,
      project_id: q.projectId,
      project_name: project ? projectLabelName(project) : NO_PROJECT,
      client_id: q.clientId,
      client_name: q.clientName ?? personName(q.clientId),
      issuer_id: q.issuerId,
      issuer_name: q.issuerName ?? (company?.tradeName || company?.raisonSociale || personName(q.issuerId)),
      // Once accepted, what the client agreed to: the totals with the options taken (decision 1071).
      total_ht_cents: q.acceptedTotalHtCents ?? q.totalHtCents,
      total_ttc_cents: q.acceptedTotalTtcCents ?? q.totalTtcCents,
      created_at: q.createdAt.toISOString(),
      updated_at: q.updatedAt.toISOString(),
      sent_at: iso(q.sentAt),
      valid_until: q.validUntil,
    };
  });
}
