import type { z } from 'zod';
import { lineForTotals, type createQuoteBody, type QuoteDetail, type updateQuoteBody } from '@ouvrage/contracts';
import type { Executor } from '@ouvrage/db';
import {
  computeQuoteTotals,
  formatEuros,
  quoteTransitionRefusal,
  searchNormalize,
  todayInParis,
  withTravelCosts,
  type Caller,
  type QuoteLotInput,
} from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { notFound, refuse, refused } from '../../lib/errors';
import { projectsByIds } from '../projects';
import { acceptedProfessionalsOfProject } from '../tenders';
import { findUsers } from '../users';
import { copyScheduleToNewVersion } from './payment-schedule-seam';
import { projectAddress, projectTitle, quoteDetail, statusToday } from './quote-views';
import * as repo from './repository';

/** The parsed bodies: every default of the schemas applied. */
type CreateBody = z.output<typeof createQuoteBody>;
type UpdateBody = z.output<typeof updateQuoteBody>;
type Content = Omit<CreateBody, 'project_id'>;

/** The lots the totals count: the issuer's, then the travel costs of a repair quote (decision 1002). */
function lotsForTotals(content: Content): QuoteLotInput[] {
  const lots = content.lots.map((lot) => ({ title: lot.title, lines: lot.lines.map(lineForTotals) }));
  return withTravelCosts(lots, content.kind === 'depannage' ? content.travel_cost_cents : null);
}

/**
 * Recompute the totals with the domain code and refuse what the browser showed when it differs
 * (decision 0510): nothing is stored that nobody saw.
 */
export function checkedTotals(content: Content) {
  const totals = computeQuoteTotals(lotsForTotals(content));
  const e = content.expected_totals;
  if (e.total_ht_cents !== totals.totalHtCents || e.total_tva_cents !== totals.totalTvaCents || e.total_ttc_cents !== totals.totalTtcCents) {
    throw refuse(
      'QUOTE_TOTALS_MISMATCH',
      `Les totaux ont été recalculés (HT ${formatEuros(totals.totalHtCents)}, TTC ${formatEuros(totals.totalTtcCents)}) et ne correspondent pas à ceux affichés : actualisez le devis avant d’enregistrer.`,
      { total_ht_cents: totals.totalHtCents, total_tva_cents: totals.totalTvaCents, total_ttc_cents: totals.totalTtcCents },
    );
  }
  return totals;
}

/** The rows of the content, each line with its net HT as computed. */
function lotValues(content: Content, totals: ReturnType<typeof computeQuoteTotals>): repo.LotValues[] {
  let index = 0;
  return content.lots.map((lot) => ({
    title: lot.title,
    lines: lot.lines.map((l) => ({
      productId: l.product_id,
      designation: l.designation,
      description: l.description,
      quantityMilli: l.quantity_milli,
      unit: l.unit,
      unitPriceCents: l.unit_price_cents,
      tvaRateBp: l.tva_rate_bp,
      discountBp: l.discount_bp,
      optional: l.optional,
      chosen: false,
      netHtCents: totals.lines[index++].netCents,
    })),
  }));
}

function contentColumns(content: Content, totals: ReturnType<typeof computeQuoteTotals>) {
  return {
    title: content.title,
    kind: content.kind,
    clientAddress: content.client_address,
    siteAddress: content.site_address,
    validityDays: content.validity_days,
    depositBp: content.deposit_bp,
    paymentTerms: content.payment_terms,
    latePenaltyBp: content.late_penalty_bp,
    retentionBp: content.retention_bp,
    freeText: content.free_text,
    generalConditions: content.general_conditions,
    isFree: content.is_free,
    quotePriceCents: content.is_free ? null : content.quote_price_cents,
    travelCostCents: content.travel_cost_cents,
    worksStartDate: content.works_start_date,
    worksDurationDays: content.works_duration_days,
    // Only a dépannage can be an urgent repair (C. conso. L221-28 8°).
    urgentRepair: content.kind === 'depannage' && content.urgent_repair,
    totalHtCents: totals.totalHtCents,
    totalTvaCents: totals.totalTvaCents,
    totalTtcCents: totals.totalTtcCents,
  };
}

/** The lower-case words the lists search: number, object, client, project. */
export async function searchTextOf(
  db: Executor,
  q: { number: string | null; title: string; clientId: number; projectId: number },
  clientName?: string,
): Promise<string> {
  let name = clientName;
  if (name === undefined) {
    const [user] = await findUsers(db, [q.clientId]);
    name = user ? `${user.firstname} ${user.lastname}` : '';
  }
  const [project] = await projectsByIds(db, [q.projectId]);
  return searchWords([q.number ?? '', q.title, name, project ? projectTitle(project) : ''].join(' ')).join(' ');
}

/** Words as the search index stores them: lower-case, unaccented, letters and digits (`D-2026-0007` → d 2026 0007). */
export function searchWords(text: string): string[] {
  return searchNormalize(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter(Boolean);
}

export async function createQuote(deps: AppDeps, caller: Caller, body: CreateBody): Promise<QuoteDetail> {
  return deps.db.transaction(async (tx) => {
    const [project] = await projectsByIds(tx, [body.project_id]);
    if (!project) throw notFound('Ce projet est introuvable.');
    const accepted = await acceptedProfessionalsOfProject(tx, body.project_id);
    if (!accepted.includes(caller.id)) {
      throw refuse('QUOTE_PROJECT_NOT_ACCEPTED', 'Vous ne pouvez chiffrer que les projets dont vous avez accepté l’appel d’offre.', {
        project_id: body.project_id,
      });
    }
    const content: Content = {
      ...body,
      client_address: body.client_address ?? projectAddress(project),
      site_address: body.site_address ?? projectAddress(project),
    };
    const totals = checkedTotals(content);
    const now = deps.clock.now();
    const row = await repo.insertQuote(tx, {
      ...contentColumns(content, totals),
      issuerId: caller.id,
      clientId: project.project.clientId,
      projectId: body.project_id,
      status: 'Brouillon',
      version: 1,
      createdAt: now,
      updatedAt: now,
    });
    const searchText = await searchTextOf(tx, { number: null, title: row.title, clientId: row.clientId, projectId: row.projectId });
    // The first version is its own root: every later version points at it.
    const created = await repo.updateQuote(tx, row.id, { rootId: row.id, searchText });
    await repo.replaceContent(tx, row.id, lotValues(content, totals));
    await repo.insertEvent(tx, { quoteId: row.id, actorId: caller.id, action: 'created', at: now });
    return quoteDetail(deps, tx, created, caller);
  });
}

async function lockOwn(tx: Executor, id: number): Promise<repo.QuoteRow> {
  const row = await repo.lockQuote(tx, id);
  if (!row) throw notFound('Ce devis est introuvable.');
  return row;
}

export async function updateQuote(deps: AppDeps, caller: Caller, id: number, body: UpdateBody): Promise<QuoteDetail> {
  return deps.db.transaction(async (tx) => {
    const row = await lockOwn(tx, id);
    const refusal = quoteTransitionRefusal(row.status, 'edit');
    if (refusal) throw refused(refusal);
    if (body.revision !== row.revision) {
      throw refuse(
        'QUOTE_REVISION_CONFLICT',
        'Ce devis a été modifié ailleurs (un autre onglet ou appareil) depuis votre dernier chargement : rechargez-le avant de continuer.',
        { revision: row.revision },
      );
    }
    const totals = checkedTotals(body);
    const now = deps.clock.now();
    await repo.replaceContent(tx, id, lotValues(body, totals));
    const searchText = await searchTextOf(tx, { number: row.number, title: body.title, clientId: row.clientId, projectId: row.projectId });
    const updated = await repo.updateQuote(tx, id, { ...contentColumns(body, totals), revision: row.revision + 1, searchText, updatedAt: now });
    return quoteDetail(deps, tx, updated, caller);
  });
}

export async function deleteQuote(deps: AppDeps, id: number): Promise<{ message: string }> {
  return deps.db.transaction(async (tx) => {
    const row = await lockOwn(tx, id);
    const refusal = quoteTransitionRefusal(row.status, 'delete');
    if (refusal) throw refused(refusal);
    await repo.deleteQuote(tx, id);
    return { message: 'Le brouillon a été supprimé.' };
  });
}

/** « Nouvelle version »: the latest version copied into a draft with the same root and version + 1. */
export async function newVersion(deps: AppDeps, caller: Caller, id: number): Promise<QuoteDetail> {
  return deps.db.transaction(async (tx) => {
    const source = await lockOwn(tx, id);
    const rootId = source.rootId ?? source.id;
    const latest = await repo.lockLatestVersion(tx, rootId);
    if (latest && latest.id !== source.id) {
      throw refuse('QUOTE_NEW_VERSION_NOT_ALLOWED', `Une version plus récente de ce devis existe déjà (v${latest.version}) : partez de celle-ci.`, {
        latest_id: latest.id,
      });
    }
    const refusal = quoteTransitionRefusal(statusToday(source, todayInParis(deps.clock)), 'new-version');
    if (refusal) throw refused(refusal);
    const now = deps.clock.now();
    const copy = await repo.insertQuote(tx, {
      rootId,
      version: source.version + 1,
      number: null,
      issuerId: source.issuerId,
      clientId: source.clientId,
      projectId: source.projectId,
      status: 'Brouillon',
      title: source.title,
      kind: source.kind,
      clientAddress: source.clientAddress,
      siteAddress: source.siteAddress,
      validityDays: source.validityDays,
      depositBp: source.depositBp,
      paymentTerms: source.paymentTerms,
      latePenaltyBp: source.latePenaltyBp,
      retentionBp: source.retentionBp,
      freeText: source.freeText,
      generalConditions: source.generalConditions,
      isFree: source.isFree,
      quotePriceCents: source.quotePriceCents,
      travelCostCents: source.travelCostCents,
      worksStartDate: source.worksStartDate,
      worksDurationDays: source.worksDurationDays,
      urgentRepair: source.urgentRepair,
      totalHtCents: source.totalHtCents,
      totalTvaCents: source.totalTvaCents,
      totalTtcCents: source.totalTtcCents,
      searchText: source.searchText,
      createdAt: now,
      updatedAt: now,
    });
    const { lots, lines } = await repo.contentOf(tx, source.id);
    await repo.replaceContent(
      tx,
      copy.id,
      lots.map((lot) => ({
        title: lot.title,
        lines: lines
          .filter((l) => l.lotId === lot.id)
          .map(({ id: _id, quoteId: _q, lotId: _l, position: _p, chosen: _c, ...line }) => ({ ...line, chosen: false })),
      })),
    );
    await copyScheduleToNewVersion(tx, { quoteId: source.id }, { quoteId: copy.id, at: now });
    await repo.insertEvent(tx, { quoteId: copy.id, actorId: caller.id, action: 'new-version', detail: `v${copy.version} depuis v${source.version}`, at: now });
    return quoteDetail(deps, tx, copy, caller);
  });
}
