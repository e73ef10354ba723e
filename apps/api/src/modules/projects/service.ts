import type { FastifyRequest } from 'fastify';
import type { Executor, ProjectRow } from '@ouvrage/db';
import type { CreateProjectResult, ProjectDto, ProjectFull, ProjectRequestBody, ProjectSummary, UpdateProjectBody } from '@ouvrage/contracts';
import {
  allowedStageTransitions,
  allowedStateTransitions,
  budgetRange,
  canChangeStage,
  canChangeState,
  canClientEditProject,
  decideOwnership,
  departementOfCityCode,
  formatPhone,
  INITIAL_PROJECT_STAGE,
  INITIAL_PROJECT_STATE,
  isClosedState,
  searchNormalize,
  stageTransitionRefusal,
  stateTransitionRefusal,
  validateProjectRequest,
  type ProjectRequest,
  type ProjectStage,
  type ProjectState,
} from '@ouvrage/domain';
import { findCommune, postcodeBelongsToCommune } from '@ouvrage/geo';
import type { AppDeps } from '../../lib/deps';
import { conflict, forbidden, invalid, notFound, refused } from '../../lib/errors';
import { createFileStorage } from '../../lib/storage';
import { readUploads } from '../../lib/uploads';
import type { AuthenticatedCaller } from '../../plugins/access-control';
import { issuePasswordLink } from '../auth';
import { findUserByEmail, insertUser } from '../users';
import { existingAccountProjectMail, projectDeletedMail, projectRecapMail, stageChangedMail, stateChangedMail } from './mails';
import * as repo from './repository';

type Caller = AuthenticatedCaller;

/** A visitor's answer, the same whether the address had an account or not (docs/decisions/0452). */
const visitorMessage = (email: string) =>
  `Merci, votre demande est envoyée. Consultez votre messagerie (${email}) : un e-mail vous indique la suite pour suivre votre projet.`;

const projectUrl = (deps: AppDeps, id: number) => `${deps.config.publicUrl}/single-projet/${id}`;

function searchTextOf(p: Pick<ProjectRow, 'lastname' | 'firstname' | 'email' | 'companyName' | 'city' | 'postcode' | 'departement'>): string {
  return searchNormalize([p.lastname, p.firstname, p.email, p.companyName ?? '', p.city, p.postcode, p.departement].join(' '))
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Search words as the index stores them: lowercase, unaccented, letters and digits. */
export function searchTerms(q: string): string[] {
  return searchNormalize(q)
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter(Boolean)
    .slice(0, 8);
}

function toRequest(p: ProjectRow): ProjectRequest {
  return {
    support: p.support,
    projet: p.categoryId,
    bien: p.bienId,
    street: p.street,
    codePostale: p.postcode,
    ville: p.city,
    cityCode: p.cityCode,
    showAdresse: p.showAddress,
    surface: p.surface,
    surfaceTravaux: p.worksSurface,
    valueBien: p.propertyValueCents,
    budget: p.budget,
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
  };
}

/**
 * Everything the database needs from a checked request: the rules of the domain, then what only
 * the server knows (the category and good exist and go together, the postcode is the commune's).
 */
async function columnsOf(deps: AppDeps, r: RequestWithCoordinates, db: Parameters<typeof repo.findCategoryAndBien>[0] = deps.db) {
  const errors: Record<string, string> = { ...(validateProjectRequest(r) as Record<string, string>) };
  const { category, bien } = await repo.findCategoryAndBien(db, r.projet, r.bien);
  if (!category || !category.active) errors.projet = "Cette catégorie de projet n'est pas disponible.";
  else if (!bien || !bien.active) errors.bien = "Ce type de bien n'est pas disponible.";
  else if (!(await repo.categoryHasBien(db, category.id, bien.id))) errors.bien = 'Ce type de bien ne correspond pas à la catégorie choisie.';
  const cityCode = r.cityCode.trim().toUpperCase();
  const commune = findCommune(cityCode);
  if (!errors.cityCode && !commune) errors.cityCode = 'Cette commune est introuvable.';
  else if (!errors.codePostale && commune && !postcodeBelongsToCommune(r.codePostale.trim(), cityCode)) {
    errors.codePostale = `Le code postal ${r.codePostale.trim()} ne correspond pas à la commune ${commune.nom}.`;
  }
  if (Object.keys(errors).length) throw invalid(errors);
  const range = budgetRange(r.budget)!;
  const hasCoordinates = typeof r.latitude === 'number' && typeof r.longitude === 'number';
  const row = {
    support: r.support,
    categoryId: r.projet,
    bienId: r.bien,
    street: r.street.trim(),
    postcode: r.codePostale.trim(),
    city: r.ville.trim(),
    cityCode,
    departement: commune?.departement ?? departementOfCityCode(cityCode),
    latitude: hasCoordinates ? (r.latitude as number) : (commune?.lat ?? null),
    longitude: hasCoordinates ? (r.longitude as number) : (commune?.lon ?? null),
    showAddress: r.showAdresse,
    surface: r.surface,
    worksSurface: r.surfaceTravaux,
    propertyValueCents: r.valueBien,
    budget: range.key,
    budgetMinCents: range.min,
    budgetMaxCents: range.max,
    times: r.times,
    delai: r.delai,
    proprio: r.proprio,
    description: r.description.trim(),
    accompagnement: r.accompagnement,
    besoinAccompagnement: r.accompagnement ? r.besoinAccompagnement : null,
    typeClient: r.typeClient,
    companyName: r.typeClient === 'entreprise' ? (r.companyName?.trim() ?? null) : null,
    siret: r.typeClient === 'entreprise' ? (r.siret?.replace(/\s/g, '') ?? null) : null,
    civility: r.civility,
    lastname: r.lastname.trim(),
    firstname: r.firstname.trim(),
    email: r.email.trim().toLowerCase(),
    phone: formatPhone(r.phone),
    country: r.country.trim(),
  };
  return { ...row, searchText: searchTextOf(row) };
}

type RequestWithCoordinates = ProjectRequest & { latitude?: number | null; longitude?: number | null };

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
    next_states: admin ? allowedStateTransitions(state) : [],
    next_stages: admin ? allowedStageTransitions(stage, state) : [],
  };
}

function toSummary(p: repo.ProjectWithNames): ProjectSummary {
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

async function reload(deps: AppDeps, id: number, caller: Caller | null): Promise<ProjectDto> {
  const row = await repo.findProject(deps.db, id);
  if (!row) throw notFound('Projet introuvable.');
  return toDto(row, caller);
}

// ---------------------------------------------------------------------------------------------

/**
 * `api/projects`. A logged-in client: the project is attached to them. A visitor: the client account
 * and the project are created together, with a set-password link and the recap by mail. When the
 * visitor's e-mail already has an account nothing is created (nobody attaches projects to someone
 * else's account) and the address's owner is told by mail; the answer is the same in both cases, so
 * the form does not reveal who has an account (docs/decisions/0452).
 */
export async function createProject(deps: AppDeps, caller: Caller | null, body: RequestWithCoordinates): Promise<CreateProjectResult> {
  if (caller && caller.user_type !== 'client') throw forbidden('Seul un compte client peut déposer un projet.');
  const result = await deps.db.transaction(async (tx) => {
    const columns = await columnsOf(deps, body, tx);
    let clientId = caller?.id;
    if (!caller) {
      const existing = await findUserByEmail(tx, columns.email);
      if (existing) {
        await deps.mailer.queue(tx, { to: existing.email, ...existingAccountProjectMail(existing.firstname, `${deps.config.publicUrl}/login`) });
        return { email: columns.email, full: null };
      }
      const user = await insertUser(tx, {
        email: columns.email,
        passwordHash: null,
        firstname: columns.firstname,
        lastname: columns.lastname,
        civility: columns.civility,
        phone: columns.phone,
        country: columns.country,
        userType: 'client',
        isValidate: 'Validé',
      });
      clientId = user.id;
      await issuePasswordLink(
        deps,
        tx,
        user,
        'invite',
        `Votre projet est enregistré et votre espace client Ouvrage a été créé. Choisissez votre mot de passe pour suivre votre projet.`,
      );
    }
    const project = await repo.insertProject(tx, { ...columns, clientId: clientId!, state: INITIAL_PROJECT_STATE, stage: INITIAL_PROJECT_STAGE });
    await repo.insertActivity(tx, {
      projectId: project.id,
      actorId: clientId!,
      action: 'created',
      toValue: INITIAL_PROJECT_STATE,
      message: '',
    });
    const full = (await repo.findProject(tx, project.id))!;
    await deps.mailer.queue(tx, { to: full.email, ...projectRecapMail(full, projectUrl(deps, project.id)) });
    if (caller && caller.email.toLowerCase() !== full.email) {
      await deps.mailer.queue(tx, { to: caller.email, ...projectRecapMail(full, projectUrl(deps, project.id)) });
    }
    return { email: columns.email, full };
  });
  void deps.mailer.dispatch();
  if (!caller || !result.full) return { project: null, message: visitorMessage(result.email) };
  return { project: toDto(result.full, caller), message: 'Votre projet est enregistré. Vous pouvez le suivre depuis votre espace.' };
}

export async function listForUser(deps: AppDeps, userId: number, page: { page: number; per_page: number }) {
  const { rows, total } = await repo.listProjects(deps.db, { clientId: userId }, { limit: page.per_page, offset: (page.page - 1) * page.per_page });
  return { items: rows.map(toSummary), total, page: page.page, per_page: page.per_page };
}

export async function getProject(deps: AppDeps, caller: Caller, id: number): Promise<ProjectFull> {
  const row = await repo.findProject(deps.db, id);
  if (!row) throw notFound('Projet introuvable.');
  const [details, files, activity] = await Promise.all([repo.listDetails(deps.db, id), repo.listFiles(deps.db, id), repo.listActivity(deps.db, id)]);
  return {
    project: toDto(row, caller),
    details: details.map(({ row: d, actorName }) => ({ id: d.id, question: d.question, answer: d.answer, author_name: actorName, created_at: d.createdAt.toISOString() })),
    files: files.map(({ row: f, actorName }) => ({
      id: f.id,
      name: f.originalName,
      mime_type: f.mimeType,
      size_bytes: f.sizeBytes,
      uploaded_by_name: actorName,
      created_at: f.createdAt.toISOString(),
    })),
    activity: activity.map(({ row: a, actorName }) => ({
      id: a.id,
      action: a.action as ProjectFull['activity'][number]['action'],
      from_value: a.fromValue,
      to_value: a.toValue,
      message: a.message,
      actor_name: actorName,
      created_at: a.createdAt.toISOString(),
    })),
  };
}

const FIELD_LABELS: Partial<Record<keyof ProjectRequest, string>> = {
  support: 'accompagnement souhaité',
  projet: 'catégorie',
  bien: 'type de bien',
  street: 'adresse',
  codePostale: 'code postal',
  ville: 'commune',
  showAdresse: "affichage de l'adresse",
  surface: 'surface',
  surfaceTravaux: 'surface des travaux',
  valueBien: 'valeur du bien',
  budget: 'budget',
  times: 'début des travaux',
  delai: 'délai',
  proprio: 'statut',
  description: 'description',
  accompagnement: 'accompagnement',
  besoinAccompagnement: "type d'accompagnement",
  companyName: 'raison sociale',
  siret: 'SIRET',
  civility: 'civilité',
  lastname: 'nom',
  firstname: 'prénom',
  phone: 'téléphone',
  country: 'pays',
};

/** `api/project/update/{id}`: the client while `En attente`, the admin while the project is open. */
export async function updateProject(deps: AppDeps, caller: Caller, id: number, body: UpdateProjectBody) {
  await deps.db.transaction(async (tx) => {
    const current = await repo.lockProject(tx, id);
    if (!current) throw notFound('Projet introuvable.');
    const state = current.state as ProjectState;
    if (caller.user_type === 'admin') {
      if (isClosedState(state)) throw conflict(`Un projet « ${state} » ne peut plus être modifié.`);
    } else if (!canClientEditProject(state)) {
      throw conflict(`Votre projet est « ${state} » : il ne peut plus être modifié. Ajoutez plutôt une information complémentaire.`);
    }
    const before = toRequest(current);
    const merged: RequestWithCoordinates = { ...before, latitude: current.latitude, longitude: current.longitude, ...body } as RequestWithCoordinates;
    // A new address without coordinates takes the commune's, not the old street's.
    if ((body.cityCode || body.street) && body.latitude === undefined) merged.latitude = merged.longitude = null;
    const columns = await columnsOf(deps, merged, tx);
    const after = { ...before, ...body } as ProjectRequest;
    const differs = (Object.keys(body) as Array<keyof ProjectRequest>).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    if (differs.length === 0) return;
    const changed = [...new Set(differs.map((k) => (k === 'cityCode' ? 'ville' : k)))].filter((k) => k in FIELD_LABELS);
    await repo.updateProject(tx, id, columns);
    await repo.insertActivity(tx, {
      projectId: id,
      actorId: caller.id,
      action: 'updated',
      // Field names (spec §3) so that each screen shows them in its own language.
      message: changed.join(','),
    });
  });
  return reload(deps, id, caller);
}

/** Routes that name the project in their body check ownership here, as access control does for `{id}`. */
async function assertCanUseProject(deps: AppDeps, caller: Caller, projectId: number): Promise<ProjectRow> {
  const owners = await repo.ownersOfProject(deps.db, projectId);
  if (owners === null) throw caller.user_type === 'admin' ? notFound('Projet introuvable.') : forbidden();
  if (decideOwnership(caller, owners) === 'forbidden') throw forbidden();
  const row = await repo.findProject(deps.db, projectId);
  if (!row) throw notFound('Projet introuvable.');
  return row;
}

export async function addDetail(deps: AppDeps, caller: Caller, body: { project_id: number; question: string; answer: string }) {
  const project = await assertCanUseProject(deps, caller, body.project_id);
  if (project.state === 'Annulé') throw conflict('Ce projet est annulé : il ne reçoit plus de compléments.');
  await deps.db.transaction(async (tx) => {
    await repo.insertDetail(tx, { projectId: body.project_id, authorId: caller.id, question: body.question, answer: body.answer });
    await repo.insertActivity(tx, { projectId: body.project_id, actorId: caller.id, action: 'detail', message: body.question });
    await repo.updateProject(tx, body.project_id, {});
  });
  return getProject(deps, caller, body.project_id);
}

export const PROJECT_FILE_KINDS = ['pdf', 'jpeg', 'png'] as const;

export async function uploadFiles(deps: AppDeps, caller: Caller, request: FastifyRequest) {
  const { files, fields } = await readUploads(request, { allowed: PROJECT_FILE_KINDS, maxBytes: deps.config.uploadMaxBytes, maxFiles: 10 });
  const projectId = Number(fields.project_id);
  if (!Number.isInteger(projectId) || projectId <= 0) throw invalid({ project_id: 'Projet invalide.' });
  if (files.length === 0) throw invalid({ file: 'Choisissez au moins un fichier (PDF, JPEG ou PNG).' }, 'Aucun fichier reçu.');
  const project = await assertCanUseProject(deps, caller, projectId);
  if (project.state === 'Annulé') throw conflict('Ce projet est annulé : il ne reçoit plus de documents.');
  const storage = createFileStorage(deps.config.dataDir);
  const keys: string[] = [];
  try {
    for (const f of files) keys.push(await storage.save(f.bytes, f.extension));
    await deps.db.transaction(async (tx) => {
      for (const [i, f] of files.entries()) {
        await repo.insertFile(tx, { projectId, uploadedBy: caller.id, originalName: f.filename, storageKey: keys[i], mimeType: f.mime, sizeBytes: f.size });
      }
      await repo.insertActivity(tx, {
        projectId,
        actorId: caller.id,
        action: 'file',
        message: files.map((f) => f.filename).join(', '),
      });
    });
  } catch (error) {
    await Promise.all(keys.map((k) => storage.remove(k).catch(() => undefined)));
    throw error;
  }
  return (await getProject(deps, caller, projectId)).files;
}

export async function readFile(deps: AppDeps, fileId: number) {
  const file = await repo.findFile(deps.db, fileId);
  if (!file) throw notFound('Document introuvable.');
  try {
    const bytes = await createFileStorage(deps.config.dataDir).read(file.storageKey);
    return { file, bytes };
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') throw notFound("Le contenu de ce document n'est plus disponible.");
    throw error;
  }
}

export async function adminList(
  deps: AppDeps,
  q: { page: number; per_page: number; q?: string; state?: ProjectState; stage?: ProjectStage; category_id?: number; departement?: string; date_from?: string; date_to?: string },
) {
  const terms = q.q ? searchTerms(q.q) : [];
  const qId = q.q && /^\s*#?\d{1,9}\s*$/.test(q.q) ? Number(q.q.replace(/\D/g, '')) : undefined;
  const from = q.date_from ? parisMidnight(q.date_from) : undefined;
  const to = q.date_to ? new Date(parisMidnight(q.date_to).getTime() + 86_400_000) : undefined;
  if (from && Number.isNaN(from.getTime())) throw invalid({ date_from: 'Date invalide.' });
  if (to && Number.isNaN(to.getTime())) throw invalid({ date_to: 'Date invalide.' });
  if (from && to && from >= to) throw invalid({ date_to: 'La date de fin doit suivre la date de début.' });
  const { rows, total } = await repo.listProjects(
    deps.db,
    { q: terms, qId, state: q.state, stage: q.stage, categoryId: q.category_id, departement: q.departement, from, to },
    { limit: q.per_page, offset: (q.page - 1) * q.per_page },
  );
  return { items: rows.map(toSummary), total, page: q.page, per_page: q.per_page };
}

/** Midnight in Paris for a calendar date (admins think in French days). */
function parisMidnight(date: string): Date {
  const utc = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(utc.getTime())) return utc;
  const parisHour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', hourCycle: 'h23' }).format(utc));
  return new Date(utc.getTime() - parisHour * 3_600_000);
}

/**
 * Move a project to `state` inside the caller's transaction: lock the row, check the transition,
 * write the history and queue the client's mail. A use case spanning modules (a tender accepted,
 * tenders sent) calls it with its own transaction, so the project moves with it or not at all.
 * The caller dispatches the mails after its commit.
 */
export async function changeState(deps: AppDeps, tx: Executor, actor: Pick<Caller, 'id'>, body: { project_id: number; state: ProjectState; comment?: string }): Promise<ProjectRow> {
  const current = await repo.lockProject(tx, body.project_id);
  if (!current) throw notFound('Projet introuvable.');
  const from = current.state as ProjectState;
  if (!canChangeState(from, body.state)) throw refused(stateTransitionRefusal(from, body.state));
  const updated = await repo.updateProject(tx, body.project_id, { state: body.state });
  await repo.insertActivity(tx, {
    projectId: body.project_id,
    actorId: actor.id,
    action: 'state',
    fromValue: from,
    toValue: body.state,
    message: body.comment ?? '',
  });
  await deps.mailer.queue(tx, { to: updated.email, ...stateChangedMail(updated, projectUrl(deps, updated.id), body.comment) });
  return updated;
}

/** `api/project/change-state` (admin). */
export async function changeProjectState(deps: AppDeps, caller: Caller, body: { project_id: number; state: ProjectState; comment?: string }) {
  await deps.db.transaction((tx) => changeState(deps, tx, caller, body));
  void deps.mailer.dispatch();
  return reload(deps, body.project_id, caller);
}

export async function changeStage(deps: AppDeps, caller: Caller, body: { project_id: number; stage: ProjectStage; comment?: string }) {
  await deps.db.transaction(async (tx) => {
    const current = await repo.lockProject(tx, body.project_id);
    if (!current) throw notFound('Projet introuvable.');
    const from = current.stage as ProjectStage;
    const state = current.state as ProjectState;
    if (!canChangeStage(from, body.stage, state)) throw refused(stageTransitionRefusal(from, body.stage, state));
    const updated = await repo.updateProject(tx, body.project_id, { stage: body.stage });
    await repo.insertActivity(tx, {
      projectId: body.project_id,
      actorId: caller.id,
      action: 'stage',
      fromValue: from,
      toValue: body.stage,
      message: body.comment ?? '',
    });
    await deps.mailer.queue(tx, { to: updated.email, ...stageChangedMail(updated, projectUrl(deps, updated.id), body.comment) });
  });
  void deps.mailer.dispatch();
  return reload(deps, body.project_id, caller);
}

/** Delete a project, its details, history, tenders and files (bytes removed after commit). */
export async function deleteProject(deps: AppDeps, id: number) {
  const keys = await deps.db.transaction(async (tx) => {
    const current = await repo.lockProject(tx, id);
    if (!current) throw notFound('Projet introuvable.');
    const fileKeys = await repo.fileKeysOfProject(tx, id);
    await repo.deleteProject(tx, id);
    await deps.mailer.queue(tx, { to: current.email, ...projectDeletedMail(current) });
    return fileKeys;
  });
  void deps.mailer.dispatch();
  const storage = createFileStorage(deps.config.dataDir);
  await Promise.all(keys.map((k) => storage.remove(k).catch(() => undefined)));
}

export function ownershipResolver() {
  return repo.ownersOfProject;
}

export async function ownersOfFile(db: AppDeps['db'], fileId: number): Promise<number[] | null> {
  const projectId = await repo.projectOfFile(db, fileId);
  return projectId === null ? null : repo.ownersOfProject(db, projectId);
}

export type { ProjectRequestBody };
