/** Projects as the screens show them: detail, summaries, the client's and the admin's lists. */
import type { ProjectDto, ProjectFull, ProjectSummary } from '@ouvrage/contracts';
import {
  allowedStageTransitions,
  allowedStateTransitions,
  canClientEditProject,
  isCalendarDate,
  isClosedState,
  parisMidnight as midnightInParis,
  type ProjectStage,
  type ProjectState,
} from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { invalid, notFound } from '../../lib/errors';
import { cancellationRefusal } from './cancellation-guards';
import * as repo from './repository';
import type { Caller } from './project-links';
import { searchTerms } from './project-request';

export function toDto(p: repo.ProjectWithNames, caller: Caller | null): ProjectDto {
  const state = p.state as ProjectState;
  const stage = p.stage as ProjectStage;
  const admin = caller?.user_type === 'admin';
  return {
    id: p.id,
    client_id: p.clientId,
    support: p.support,
    projet: p.categoryId,
    category_name: p.categoryName,
    bien: p.bienId,
    bien_name: p.bienName,
    street: p.street,
    codePostale: p.postcode,
    ville: p.city,
    cityCode: p.cityCode,
    departement: p.departement,
    latitude: p.latitude,
    longitude: p.longitude,
    showAdresse: p.showAddress,
    surface: p.surface,
    surfaceTravaux: p.worksSurface,
    valueBien: p.propertyValueCents,
    budget: p.budget,
    budget_min_cents: p.budgetMinCents,
    budget_max_cents: p.budgetMaxCents,
    times: p.times,
    delai: p.delai,
    proprio: p.proprio,
    description: p.description,
    accompagnement: p.accompagnement,
    besoinAccompagnement: p.besoinAccompagnement,
    typeClient: p.typeClient,
    companyName: p.companyName,
    siret: p.siret,
    civility: p.civility,
    lastname: p.lastname,
    firstname: p.firstname,
    email: p.email,
    phone: p.phone,
    country: p.country,
    state,
    stage,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
    can_edit: admin ? !isClosedState(state) : caller?.id === p.clientId && canClientEditProject(state),
    // Refined by `getProject` with the cancellation guards (a signed quote).
    can_cancel: caller?.id === p.clientId && !isClosedState(state),
    next_states: admin ? allowedStateTransitions(state) : [],
    next_stages: admin ? allowedStageTransitions(stage, state) : [],
  };
}

function toSummary(p: repo.ProjectSummaryRow): ProjectSummary {
  return {
    id: p.id,
    client_id: p.clientId,
    client_name: p.typeClient === 'entreprise' && p.companyName ? `${p.companyName} (${p.firstname} ${p.lastname})` : `${p.firstname} ${p.lastname}`,
    email: p.email,
    support: p.support,
    category_name: p.categoryName,
    bien_name: p.bienName,
    ville: p.city,
    codePostale: p.postcode,
    departement: p.departement,
    budget: p.budget,
    state: p.state as ProjectState,
    stage: p.stage as ProjectStage,
    created_at: p.createdAt.toISOString(),
  };
}

export async function reload(deps: AppDeps, id: number, caller: Caller | null): Promise<ProjectDto> {
  const row = await repo.findProject(deps.db, id);
  if (!row) throw notFound('Projet introuvable.');
  return toDto(row, caller);
}

// ---------------------------------------------------------------------------------------------

export async function listForUser(deps: AppDeps, userId: number, page: { page: number; per_page: number }) {
  const { rows, total, total_capped } = await repo.listProjects(
    deps.db,
    { clientId: userId },
    { limit: page.per_page, offset: (page.page - 1) * page.per_page },
  );
  return { items: rows.map(toSummary), total, total_capped, page: page.page, per_page: page.per_page };
}

export async function getProject(deps: AppDeps, caller: Caller, id: number): Promise<ProjectFull> {
  const row = await repo.findProject(deps.db, id);
  if (!row) throw notFound('Projet introuvable.');
  const [details, files, activity] = await Promise.all([repo.listDetails(deps.db, id), repo.listFiles(deps.db, id), repo.listActivity(deps.db, id)]);
  // Every author of the three lists in one read of the users module.
  const names = await repo.authorNames(deps.db, [...details.map((d) => d.authorId), ...files.map((f) => f.uploadedBy), ...activity.map((a) => a.actorId)]);
  const nameOf = (userId: number | null) => (userId === null ? null : (names.get(userId) ?? null));
  const project = toDto(row, caller);
  if (project.can_cancel) project.can_cancel = !(await cancellationRefusal(deps, deps.db, id));
  return {
    project,
    details: details.map((d) => ({ id: d.id, question: d.question, answer: d.answer, author_name: nameOf(d.authorId), created_at: d.createdAt.toISOString() })),
    files: files.map((f) => ({
      id: f.id,
      name: f.originalName,
      mime_type: f.mimeType,
      size_bytes: f.sizeBytes,
      uploaded_by_name: nameOf(f.uploadedBy),
      created_at: f.createdAt.toISOString(),
    })),
    activity: activity.map((a) => ({
      id: a.id,
      action: a.action as ProjectFull['activity'][number]['action'],
      from_value: a.fromValue,
      to_value: a.toValue,
      message: a.message,
      actor_name: nameOf(a.actorId),
      created_at: a.createdAt.toISOString(),
    })),
  };
}

export async function adminList(
  deps: AppDeps,
  q: {
    page: number;
    per_page: number;
    q?: string;
    state?: ProjectState;
    stage?: ProjectStage;
    category_id?: number;
    departement?: string;
    date_from?: string;
    date_to?: string;
  },
) {
  const terms = q.q ? searchTerms(q.q) : [];
  const qId = q.q && /^\s*#?\d{1,9}\s*$/.test(q.q) ? Number(q.q.replace(/\D/g, '')) : undefined;
  const from = q.date_from ? parisMidnight(q.date_from) : undefined;
  const to = q.date_to ? new Date(parisMidnight(q.date_to).getTime() + 86_400_000) : undefined;
  if (from && Number.isNaN(from.getTime())) throw invalid({ date_from: 'Date invalide.' });
  if (to && Number.isNaN(to.getTime())) throw invalid({ date_to: 'Date invalide.' });
  if (from && to && from >= to) throw invalid({ date_to: 'La date de fin doit suivre la date de début.' });
  const { rows, total, total_capped } = await repo.listProjects(
    deps.db,
    { q: terms, qId, state: q.state, stage: q.stage, categoryId: q.category_id, departement: q.departement, from, to },
    { limit: q.per_page, offset: (q.page - 1) * q.per_page },
  );
  return { items: rows.map(toSummary), total, total_capped, page: q.page, per_page: q.per_page };
}

/** Midnight in Paris for a calendar date (admins think in French days); an impossible day is an invalid date. */
function parisMidnight(date: string): Date {
  return isCalendarDate(date) ? midnightInParis(date) : new Date(Number.NaN);
}

/** Projects named by a search text (words or a number), for the admin's tender list filter. */
export async function findProjectIdsBySearch(deps: AppDeps, text: string): Promise<number[]> {
  const qId = /^\s*#?\d{1,9}\s*$/.test(text) ? Number(text.replace(/\D/g, '')) : undefined;
  return repo.searchProjectIds(deps.db, searchTerms(text), qId);
}
