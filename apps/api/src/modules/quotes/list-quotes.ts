import type { QuoteComparison, QuoteDetail, QuoteIssuer, QuoteListItem } from '@ouvrage/contracts';
import { depositCents, quoteVersionLabel, todayInParis, totalsWithOptions, withTravelCosts, type Caller, type QuoteStatus } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { companiesOf, findProfession } from '../professionals';
import { projectsByIds } from '../projects';
import { acceptedProjectsOf } from '../tenders';
import { findUsers } from '../users';
import { searchWords } from './edit-quote';
import { domainLots, listItems, projectAddress, projectName, projectTitle, quoteDetail, statusToday, totalsView } from './quote-views';
import * as repo from './repository';

export interface ListQuery {
  page: number;
  per_page: number;
  status?: QuoteStatus;
  search?: string;
  project_id?: number;
  sort: repo.QuoteSort;
  all_versions?: 'true' | 'false';
}

/** The query's filters; `Envoyé` and `Expiré` are read as they are today (a sent quote past validity is expired). */
function filterOf(deps: AppDeps, q: ListQuery, scope: Pick<repo.QuoteFilter, 'issuerId' | 'clientId' | 'sentOnly'>): repo.QuoteFilter {
  const filter: repo.QuoteFilter = {
    ...scope,
    projectId: q.project_id,
    search: q.search ? searchWords(q.search).slice(0, 8) : undefined,
    latestOnly: q.all_versions !== 'true',
  };
  if (q.status === 'Envoyé' || q.status === 'Expiré') {
    filter.statuses = q.status === 'Envoyé' ? ['Envoyé'] : ['Envoyé', 'Expiré'];
    filter.effective = { status: q.status, today: todayInParis(deps.clock) };
  } else if (q.status) filter.statuses = [q.status];
  return filter;
}

async function page(deps: AppDeps, filter: repo.QuoteFilter, q: ListQuery) {
  const { rows, total, total_capped } = await repo.listQuotes(deps.db, filter, q.sort, { limit: q.per_page, offset: (q.page - 1) * q.per_page });
  return { items: await listItems(deps, rows), total, total_capped, page: q.page, per_page: q.per_page };
}

/** `liste-devis/{id}`: an architect's issued quotes, a client's received ones (never drafts). */
export function listQuotesOf(deps: AppDeps, caller: Caller, q: ListQuery) {
  const scope = caller.user_type === 'client' ? { clientId: caller.id, sentOnly: true } : { issuerId: caller.id };
  return page(deps, filterOf(deps, q, scope), q);
}

/**
 * The quotes of the documents area (decision 0681): sent ones and later (never a draft), latest
 * version each, newest first — issued by an architect, received by a client, every one for an admin.
 */
export async function quotesForDocuments(deps: AppDeps, caller: Caller, limit: number): Promise<QuoteListItem[]> {
  const scope = caller.user_type === 'admin' ? {} : caller.user_type === 'client' ? { clientId: caller.id } : { issuerId: caller.id };
  const { rows } = await repo.listQuotes(deps.db, { ...scope, sentOnly: true, latestOnly: true }, 'recent', { limit, offset: 0 });
  return listItems(deps, rows);
}

/** `liste-devis`: every quote, for the admins. */
export function listAllQuotes(deps: AppDeps, q: ListQuery) {
  return page(deps, filterOf(deps, q, {}), q);
}

/** Accepted (later signed) quotes the architect has to validate into a contract. */
export function validationList(deps: AppDeps, caller: Caller, q: { page: number; per_page: number }) {
  return page(deps, { issuerId: caller.id, statuses: ['Accepté', 'Signé'], latestOnly: false }, { ...q, sort: 'recent' });
}

export async function getQuote(deps: AppDeps, caller: Caller, id: number): Promise<QuoteDetail> {
  const row = await repo.findQuote(deps.db, id);
  // A client never sees a draft: for them it does not exist.
  if (!row || (caller.user_type === 'client' && row.status === 'Brouillon')) throw notFound('Ce devis est introuvable.');
  return quoteDetail(deps, deps.db, row, caller);
}

/** The projects an architect may quote (their tender on it was accepted), with what prefills the editor. */
export async function quotableProjects(deps: AppDeps, caller: Caller) {
  const projects = await projectsByIds(deps.db, await acceptedProjectsOf(deps.db, caller.id));
  const [clients, counts] = await Promise.all([
    findUsers(deps.db, [...new Set(projects.map((p) => p.project.clientId))]),
    repo.quoteCountsByProject(
      deps.db,
      caller.id,
      projects.map((p) => p.project.id),
    ),
  ]);
  const clientById = new Map(clients.map((c) => [c.id, c]));
  return projects
    .sort((a, b) => b.project.id - a.project.id)
    .map((p) => {
      const client = clientById.get(p.project.clientId);
      return {
        project_id: p.project.id,
        title: projectTitle(p),
        category: p.categoryName,
        name: projectName(p),
        client: {
          id: p.project.clientId,
          name: client ? `${client.firstname} ${client.lastname}`.trim() : `${p.project.firstname} ${p.project.lastname}`.trim(),
          email: client?.email ?? null,
          phone: client?.phone ?? null,
          address: projectAddress(p),
        },
        site_address: projectAddress(p),
        quotes: counts.get(p.project.id) ?? 0,
      };
    });
}

/** A project's quotes side by side for its client: the latest sent version of each architect's quote. */
export async function compareQuotes(deps: AppDeps, caller: Caller, projectId: number): Promise<QuoteComparison> {
  const [project] = await projectsByIds(deps.db, [projectId]);
  if (!project) throw notFound('Ce projet est introuvable.');
  const today = todayInParis(deps.clock);
  const rows = (await repo.latestSentOfProject(deps.db, projectId)).filter((q) => q.status !== 'Annulé');
  const [{ lots, lines }, companies] = await Promise.all([
    repo.contentsOf(
      deps.db,
      rows.map((r) => r.id),
    ),
    companiesOf(
      deps.db,
      rows.map((r) => r.issuerId),
    ),
  ]);
  const professions = new Map<number, string>();
  for (const c of companies)
    if (c.professionId && !professions.has(c.professionId)) professions.set(c.professionId, (await findProfession(deps.db, c.professionId))?.name ?? '');
  return {
    project: { id: project.project.id, name: projectName(project) },
    quotes: rows.map((q) => {
      const content = domainLots(
        lots.filter((l) => l.quoteId === q.id),
        lines.filter((l) => l.quoteId === q.id),
      );
      const chosen = q.acceptedAt ? lines.filter((l) => l.quoteId === q.id && l.chosen).map((l) => l.id) : [];
      const totals = totalsWithOptions(withTravelCosts(content, q.travelCostCents), chosen);
      const optionsHt = lines.filter((l) => l.quoteId === q.id && l.optional).reduce((sum, l) => sum + l.netHtCents, 0);
      const issuer = q.issuerSnapshot as unknown as QuoteIssuer;
      const company = companies.find((c) => c.userId === q.issuerId);
      const status = statusToday(q, today);
      return {
        id: q.id,
        label: quoteVersionLabel(q.number, q.version),
        status,
        title: q.title,
        issuer: {
          id: q.issuerId,
          name: issuer?.trade_name || issuer?.name || company?.raisonSociale || '',
          profession: company?.professionId ? (professions.get(company.professionId) ?? null) : null,
          city: company?.headOfficeCity ?? null,
          year_founded: company?.yearFounded ?? null,
          decennale: issuer?.decennale ?? null,
          rc_pro: issuer?.rc_pro ?? null,
        },
        totals: totalsView(totals),
        lots: content.map((lot, i) => ({ title: lot.title, subtotal_ht_cents: totals.lots[i].subtotalHtCents })),
        options_ht_cents: optionsHt,
        deposit_bp: q.depositBp,
        deposit_cents: depositCents(totals.totalTtcCents, q.depositBp),
        valid_until: q.validUntil,
        sent_at: q.sentAt ? q.sentAt.toISOString() : null,
        can_accept: caller.user_type === 'client' && caller.id === q.clientId && status === 'Envoyé',
      };
    }),
  };
}
