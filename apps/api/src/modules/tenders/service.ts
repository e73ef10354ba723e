import type {
  AdminTender,
  CreateTenderBody,
  ProfessionalTender,
  PublicProfessional,
  SuggestionsResult,
  TenderClientContact,
  TenderEvent,
  TenderSuggestion,
} from '@ouvrage/contracts';
import {
  answerRefusal,
  canResendTender,
  canSendTenders,
  checkReplyDeadline,
  closesRemainingTenders,
  compareMatches,
  defaultReplyDeadline,
  isClosedState,
  matchProfessional,
  refusal,
  withdrawalRefusal,
  type MatchZone,
  type ProjectState,
  type TenderStatus,
} from '@ouvrage/domain';
import { distanceKm, findCommune } from '@ouvrage/geo';
import type { AppDeps } from '../../lib/deps';
import type { Executor } from '@ouvrage/db';
import { AppError, conflict, forbidden, invalid, notFound, refused } from '../../lib/errors';
import type { AuthenticatedCaller } from '../../plugins/access-control';
import { companyName, professionalIdentities, publicProfiles, tenderMailChoices, validatedProfessionals, type Candidate, type ProfessionalIdentity } from '../professionals';
import { changeState, lockProject, readFile } from '../projects';
import { activeAdmins, findUser } from '../users';
import { acceptedForAdminMail, anotherAcceptanceMail, firstAcceptanceComment, newTenderMail, tenderWithdrawnMail } from './mails';
import type { Audience, Notifier } from './notifier';
import * as repo from './repository';

type Caller = AuthenticatedCaller;

/** What tender services need: the app's dependencies, the live notifier, and a logger for after-commit work. */
export interface TendersContext {
  deps: AppDeps;
  notifier: Notifier;
  log: { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const tendersUrl = (deps: AppDeps) => `${deps.config.publicUrl}/list-offre`;
const projectUrl = (deps: AppDeps, id: number) => `${deps.config.publicUrl}/single-projet/${id}`;

function notify(ctx: TendersContext, audience: Audience, reason: TenderEvent['reason'], tenderIds: number[]) {
  ctx.notifier.publish(audience, { type: 'tenders', reason, tender_ids: tenderIds });
}

// ---------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------

type FileRow = Awaited<ReturnType<typeof repo.filesOfProjects>>[number];

function projectView(row: Pick<repo.TenderWithProject, 'project' | 'categoryName' | 'bienName'>, files: FileRow[]) {
  const p = row.project;
  return {
    id: p.id,
    category_name: row.categoryName,
    bien_name: row.bienName,
    support: p.support,
    ville: p.city,
    codePostale: p.postcode,
    departement: p.departement,
    surface: p.surface,
    surfaceTravaux: p.worksSurface,
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
    state: p.state,
    created_at: p.createdAt.toISOString(),
    files: files.filter((f) => f.projectId === p.id).map((f) => ({ id: f.id, name: f.name, mime_type: f.mimeType, size_bytes: f.sizeBytes })),
  };
}

function clientContact(p: repo.TenderWithProject['project']): TenderClientContact {
  return {
    client_id: p.clientId,
    civility: p.civility,
    firstname: p.firstname,
    lastname: p.lastname,
    company_name: p.companyName,
    email: p.email,
    phone: p.phone,
    street: p.street,
    codePostale: p.postcode,
    ville: p.city,
  };
}

/** The client's name, e-mail, phone and street appear only once the professional has accepted. */
function professionalTenderView(row: repo.TenderWithProject, files: FileRow[]): ProfessionalTender {
  const o = row.offer;
  return {
    id: o.id,
    status: row.status,
    validation: o.validation,
    available: row.available,
    can_answer: row.available,
    reply_deadline: o.replyDeadline.toISOString(),
    message: o.adminMessage,
    refusal_reason: o.refusalReason,
    answered_at: iso(o.answeredAt),
    created_at: o.createdAt.toISOString(),
    project: projectView(row, files),
    client: row.status === 'Acceptée' ? clientContact(row.project) : null,
  };
}

type AdminTenderRow = Awaited<ReturnType<typeof repo.tendersByIds>>[number];

/** Admin rows of a page: their projects come with them; the professionals are read once for the page. */
async function adminTenderViews(db: Executor, rows: AdminTenderRow[]): Promise<AdminTender[]> {
  const pros = await professionalIdentities(db, rows.map((r) => r.offer.professionalId));
  return rows.flatMap((r) => {
    const pro = pros.get(r.offer.professionalId);
    return pro ? [adminTenderView(r, pro)] : [];
  });
}

function adminTenderView(r: AdminTenderRow, pro: ProfessionalIdentity): AdminTender {
  const o = r.offer;
  const p = r.project;
  const client = p.companyName ? `${p.companyName} (${p.firstname} ${p.lastname})` : `${p.firstname} ${p.lastname}`;
  return {
    id: o.id,
    status: r.status,
    validation: o.validation,
    reply_deadline: o.replyDeadline.toISOString(),
    message: o.adminMessage,
    refusal_reason: o.refusalReason,
    answered_at: iso(o.answeredAt),
    created_at: o.createdAt.toISOString(),
    match_score: o.matchScore,
    project: { id: p.id, category_name: r.categoryName, bien_name: r.bienName, ville: p.city, state: p.state, client_name: client },
    professional: {
      id: o.professionalId,
      name: `${pro.firstname} ${pro.lastname}`.trim(),
      company: pro.tradeName || pro.company || null,
      email: pro.email,
      user_type: pro.userType,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

export async function getSettings(deps: AppDeps) {
  const s = await repo.getSettings(deps.db);
  return { max_acceptances: s.maxAcceptances, default_reply_days: s.defaultReplyDays };
}

export async function updateSettings(deps: AppDeps, body: { max_acceptances?: number; default_reply_days?: number }) {
  const s = await repo.updateSettings(deps.db, { maxAcceptances: body.max_acceptances, defaultReplyDays: body.default_reply_days });
  return { max_acceptances: s.maxAcceptances, default_reply_days: s.defaultReplyDays };
}

// ---------------------------------------------------------------------------------------------
// Matching
// ---------------------------------------------------------------------------------------------

function matchProjectOf(p: repo.ProjectForTender) {
  return {
    categoryId: p.project.categoryId,
    categorySlug: p.categorySlug,
    bienId: p.project.bienId,
    support: p.project.support,
    departement: p.project.departement,
    budgetMinCents: p.project.budgetMinCents,
    budgetMaxCents: p.project.budgetMaxCents,
    typeClient: p.project.typeClient,
  };
}

/** Zones with the distance from each commune zone to the project (commune coordinates, or the project's own). */
function zonesFor(p: repo.ProjectForTender, zones: Candidate['zones']): MatchZone[] {
  const projectCommune = findCommune(p.project.cityCode);
  const lat = p.project.latitude ?? projectCommune?.lat;
  const lon = p.project.longitude ?? projectCommune?.lon;
  return zones.map((z) => {
    if (z.kind === 'departement') return { kind: 'departement', departement: z.departementCode };
    const commune = z.communeInsee ? findCommune(z.communeInsee) : undefined;
    const zLat = z.latitude ?? commune?.lat;
    const zLon = z.longitude ?? commune?.lon;
    const distance = typeof lat === 'number' && typeof lon === 'number' && typeof zLat === 'number' && typeof zLon === 'number' ? distanceKm({ lat, lon }, { lat: zLat, lon: zLon }) : null;
    return { kind: 'commune', communeName: z.communeName ?? commune?.nom ?? z.communeInsee ?? '', departement: z.departementCode, radiusKm: z.radiusKm ?? 0, distanceKm: distance };
  });
}

function scoreCandidates(p: repo.ProjectForTender, candidates: Candidate[]) {
  const project = matchProjectOf(p);
  return candidates.map((c) => {
    const result = matchProfessional(project, {
      professionSlug: c.professionSlug,
      professionName: c.professionName,
      services: c.services,
      zones: zonesFor(p, c.zones),
      categoryIds: c.categoryIds,
      bienIds: c.bienIds,
      budgetMinCents: c.budgetMinCents,
      budgetMaxCents: c.budgetMaxCents,
      clientTypes: c.clientTypes,
    });
    return { candidate: c, name: `${c.firstname} ${c.lastname}`.trim(), ...result };
  });
}

/** « Créer un appel d'offre »: validated professionals ranked by fit, with the reasons. */
export async function suggestions(deps: AppDeps, projectId: number, includeOutsideZone: boolean): Promise<SuggestionsResult> {
  const p = await repo.findProject(deps.db, projectId);
  if (!p) throw notFound('Projet introuvable.');
  const [settings, candidates, existing] = await Promise.all([
    repo.getSettings(deps.db),
    validatedProfessionals(deps.db, includeOutsideZone ? {} : { departement: p.project.departement }),
    repo.tendersOfProject(deps.db, projectId),
  ]);
  const existingBy = new Map(existing.map((t) => [t.professionalId, t]));
  const scored = scoreCandidates(p, candidates)
    .filter((s) => includeOutsideZone || s.inZone)
    .sort(compareMatches);
  const sendable = canSendTenders(p.project.state);
  const items: TenderSuggestion[] = scored.map((s) => {
    const prior = existingBy.get(s.candidate.id);
    return {
      professional_id: s.candidate.id,
      name: s.name,
      company: s.candidate.company,
      user_type: s.candidate.userType,
      profession: s.candidate.professionName,
      in_zone: s.inZone,
      score: s.score,
      reasons: s.reasons,
      existing: prior ? { id: prior.id, status: prior.status } : null,
      can_send: sendable && (!prior || canResendTender(prior.status)),
    };
  });
  return {
    project: {
      id: p.project.id,
      state: p.project.state,
      category_name: p.categoryName,
      bien_name: p.bienName,
      support: p.project.support,
      ville: p.project.city,
      codePostale: p.project.postcode,
      departement: p.project.departement,
      budget: p.project.budget,
      typeClient: p.project.typeClient,
    },
    can_send: sendable,
    max_acceptances: settings.maxAcceptances,
    accepted_count: existing.filter((t) => t.status === 'Acceptée').length,
    default_reply_deadline: defaultReplyDeadline(deps.clock.now(), settings.defaultReplyDays).toISOString(),
    items,
  };
}

// ---------------------------------------------------------------------------------------------
// Sending, listing, withdrawing (admin)
// ---------------------------------------------------------------------------------------------

/**
 * Move a project forward to `target` in the caller's transaction, one state at a time, through
 * the projects module (history and client mail stay theirs). Projects past `target` stay put.
 */
async function advanceProject(deps: AppDeps, tx: Executor, actor: Caller, projectId: number, target: 'En consultation' | 'Attribué', comment?: string) {
  const path: ProjectState[] = ['Validé', 'En consultation', 'Attribué'];
  const locked = await lockProject(tx, projectId);
  if (!locked) throw notFound('Projet introuvable.');
  let from = locked.state as ProjectState;
  while (path.includes(from) && path.indexOf(from) < path.indexOf(target)) {
    const next = path[path.indexOf(from) + 1];
    await changeState(deps, tx, actor, { project_id: projectId, state: next, comment: next === target ? comment : undefined });
    from = next;
  }
  return from;
}

/** `admin/account/create-offre`: one tender per professional, validation "1", status « Disponible ». */
export async function createTenders(ctx: TendersContext, caller: Caller, body: CreateTenderBody) {
  const { deps } = ctx;
  const now = deps.clock.now();
  const settings = await repo.getSettings(deps.db);
  const deadline = body.reply_deadline ? new Date(body.reply_deadline) : defaultReplyDeadline(now, settings.defaultReplyDays);
  const deadlineError = checkReplyDeadline(deadline, now);
  if (deadlineError) throw invalid({ reply_deadline: deadlineError });
  const professionalIds = [...new Set(body.professional_ids)];
  const message = body.message?.trim() || null;

  const result = await deps.db.transaction(async (tx) => {
    const locked = await lockProject(tx, body.project_id);
    if (!locked) throw notFound('Projet introuvable.');
    if (!canSendTenders(locked.state)) {
      throw conflict(`Un projet « ${locked.state} » ne peut pas être mis en consultation : il doit être « Validé » ou « En consultation ».`);
    }
    const p = (await repo.findProject(tx, body.project_id))!;
    const candidates = await validatedProfessionals(tx, { ids: professionalIds });
    const found = new Set(candidates.map((c) => c.id));
    const unknown = professionalIds.filter((id) => !found.has(id));
    if (unknown.length) {
      throw invalid(
        { professional_ids: `Ces comptes ne sont pas des professionnels validés : ${unknown.join(', ')}.` },
        "Les appels d'offre ne partent qu'à des professionnels validés.",
      );
    }
    const existing = new Map((await repo.tendersOfProject(tx, body.project_id)).map((t) => [t.professionalId, t]));
    const blocked = professionalIds.filter((id) => existing.has(id) && !canResendTender(existing.get(id)!.status));
    if (blocked.length) {
      const names = candidates.filter((c) => blocked.includes(c.id)).map((c) => c.company ?? `${c.firstname} ${c.lastname}`);
      throw new AppError('CONFLICT', `Un appel d'offre a déjà été envoyé pour ce projet à : ${names.join(', ')}.`, {
        professional_ids: `Déjà consulté(s) : ${names.join(', ')}.`,
      });
    }
    const scores = new Map(scoreCandidates(p, candidates).map((s) => [s.candidate.id, s.score]));
    const mailChoices = await tenderMailChoices(tx, professionalIds);
    const ids: number[] = [];
    for (const c of candidates) {
      const values = { replyDeadline: deadline, adminMessage: message, createdBy: caller.id, matchScore: scores.get(c.id) ?? null };
      const prior = existing.get(c.id);
      const row = prior
        ? await repo.reissueTender(tx, prior.id, { ...values, now })
        : await repo.insertTender(tx, { ...values, projectId: body.project_id, professionalId: c.id, status: 'Disponible', validation: '1', createdAt: now, updatedAt: now });
      ids.push(row.id);
      if (mailChoices.get(c.id) ?? true) await deps.mailer.queue(tx, { to: c.email, ...newTenderMail(p, c, deadline, message, tendersUrl(deps)) });
    }
    // The project goes « En consultation » with its first tenders, in the same transaction.
    const projectState = await advanceProject(deps, tx, caller, body.project_id, 'En consultation');
    return { ids, projectState };
  });
  void deps.mailer.dispatch();
  notify(ctx, { userIds: professionalIds, admins: true }, 'created', result.ids);
  return {
    tenders: await adminTenderViews(deps.db, await repo.tendersByIds(deps.db, result.ids)),
    project_state: result.projectState,
    message: result.ids.length > 1 ? `${result.ids.length} appels d'offre envoyés.` : "L'appel d'offre est envoyé.",
  };
}

export async function adminList(deps: AppDeps, q: { page: number; per_page: number; project_id?: number; professional_id?: number; status?: TenderStatus }) {
  const { rows, total } = await repo.listAdmin(deps.db, { projectId: q.project_id, professionalId: q.professional_id, status: q.status }, { limit: q.per_page, offset: (q.page - 1) * q.per_page });
  return { items: await adminTenderViews(deps.db, rows), total, page: q.page, per_page: q.per_page };
}

/** `admin/supprimer/offre/{id}`: withdraw a tender still « Disponible » (the row stays, « Retirée »). */
export async function withdrawTender(ctx: TendersContext, id: number) {
  const { deps } = ctx;
  const found = await repo.findTender(deps.db, id);
  if (!found) throw notFound("Appel d'offre introuvable.");
  const professionalId = await deps.db.transaction(async (tx) => {
    const project = found.projectId ? await lockProject(tx, found.projectId) : undefined;
    const tender = await repo.lockTender(tx, id);
    if (!tender) throw notFound("Appel d'offre introuvable.");
    const now = deps.clock.now();
    const why = withdrawalRefusal({ status: tender.status, replyDeadline: tender.replyDeadline, projectState: project?.state }, now);
    if (why) throw refused(why);
    await repo.setTenderStatus(tx, id, { status: 'Retirée', closedAt: now });
    const user = await findUser(tx, tender.professionalId);
    const p = tender.projectId ? await repo.findProject(tx, tender.projectId) : undefined;
    const wantsMail = (await tenderMailChoices(tx, [tender.professionalId])).get(tender.professionalId) ?? true;
    if (user && p && wantsMail) await deps.mailer.queue(tx, { to: user.email, ...tenderWithdrawnMail(p, user, tendersUrl(deps)) });
    return tender.professionalId;
  });
  void deps.mailer.dispatch();
  notify(ctx, { userIds: [professionalId], admins: true }, 'withdrawn', [id]);
  return { message: "L'appel d'offre est retiré." };
}

// ---------------------------------------------------------------------------------------------
// Professional
// ---------------------------------------------------------------------------------------------

export async function myTenders(deps: AppDeps, professionalId: number, q: { page: number; per_page: number; scope: 'all' | 'available' | 'past' }) {
  const { rows, total } = await repo.listForProfessional(deps.db, professionalId, q.scope, { limit: q.per_page, offset: (q.page - 1) * q.per_page });
  const files = await repo.filesOfProjects(deps.db, [...new Set(rows.map((r) => r.project.id))]);
  return { items: rows.map((r) => professionalTenderView(r, files)), total, page: q.page, per_page: q.per_page };
}

async function tenderView(deps: AppDeps, id: number): Promise<ProfessionalTender> {
  const row = await repo.findTenderWithProject(deps.db, id);
  if (!row) throw notFound("Appel d'offre introuvable.");
  return professionalTenderView(row, await repo.filesOfProjects(deps.db, [row.project.id]));
}

/**
 * `mes-offres/validate/{id}`. Atomic: the project row is locked first (every tender change of a
 * project takes that lock, so answers to one project run one at a time and never deadlock), then
 * the tender; at most N acceptances, after which the remaining tenders close.
 */
export async function acceptTender(ctx: TendersContext, caller: Caller, id: number) {
  const { deps } = ctx;
  const found = await repo.findTender(deps.db, id);
  if (!found || !found.projectId) throw notFound("Appel d'offre introuvable.");
  const projectId = found.projectId;
  const outcome = await deps.db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    const tender = await repo.lockTender(tx, id);
    if (!project || !tender) throw notFound("Appel d'offre introuvable.");
    const now = deps.clock.now();
    const why = answerRefusal({ ...tender, projectState: project.state }, now);
    if (why) throw refused(why);
    if (isClosedState(project.state as ProjectState)) throw conflict(`Ce projet est « ${project.state} » : il n'est plus possible de l'accepter.`);
    const settings = await repo.getSettings(tx);
    const before = await repo.countAccepted(tx, projectId);
    if (before >= settings.maxAcceptances) {
      await repo.setTenderStatus(tx, id, { status: 'Clôturée', closedAt: now });
      return { kind: 'closed' as const };
    }
    await repo.setTenderStatus(tx, id, { status: 'Acceptée', answeredAt: now });
    const accepted = before + 1;
    const closed = closesRemainingTenders(accepted, settings.maxAcceptances) ? await repo.closeRemaining(tx, projectId, now) : [];
    const p = (await repo.findProject(tx, projectId))!;
    const company = (await companyName(tx, caller.id)) ?? `${caller.firstname} ${caller.lastname}`.trim();
    // The first acceptance attributes the project (its state change mails the client), in this
    // transaction: the tender and the project change together or not at all. Later ones mail here.
    if (before === 0) await advanceProject(deps, tx, caller, projectId, 'Attribué', firstAcceptanceComment(company));
    else await deps.mailer.queue(tx, { to: p.project.email, ...anotherAcceptanceMail(p, company, projectUrl(deps, projectId)) });
    const admin = tender.createdBy ? await findUser(tx, tender.createdBy) : undefined;
    const admins = admin && admin.userType === 'admin' && !admin.anonymizedAt ? [admin.email] : (await activeAdmins(tx)).map((a) => a.email);
    for (const to of admins) await deps.mailer.queue(tx, { to, ...acceptedForAdminMail(p, company, accepted, settings.maxAcceptances, projectUrl(deps, projectId)) });
    return { kind: 'accepted' as const, closed };
  });
  if (outcome.kind === 'closed') {
    // Committed as « Clôturée » (the limit was lowered meanwhile); the answer itself is refused.
    notify(ctx, { userIds: [caller.id], admins: true }, 'closed', [id]);
    throw refused(refusal('TENDER_CLOSED', 'Cet appel d’offre est clôturé : le nombre maximal de professionnels a déjà accepté ce projet.'));
  }
  void deps.mailer.dispatch();
  notify(ctx, { userIds: [caller.id], admins: true }, 'accepted', [id]);
  if (outcome.closed.length) {
    notify(ctx, { userIds: [...new Set(outcome.closed.map((c) => c.professionalId))], admins: true }, 'closed', outcome.closed.map((c) => c.id));
  }
  return {
    tender: await tenderView(deps, id),
    message: 'Vous avez accepté cet appel d’offre : les coordonnées du client sont maintenant visibles.',
  };
}

/** `mes-offres/refused/{id}`: refuse with a reason. */
export async function refuseTender(ctx: TendersContext, caller: Caller, id: number, reason: string) {
  const { deps } = ctx;
  const found = await repo.findTender(deps.db, id);
  if (!found || !found.projectId) throw notFound("Appel d'offre introuvable.");
  const projectId = found.projectId;
  await deps.db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    const tender = await repo.lockTender(tx, id);
    if (!project || !tender) throw notFound("Appel d'offre introuvable.");
    const now = deps.clock.now();
    const why = answerRefusal({ ...tender, projectState: project.state }, now);
    if (why) throw refused(why);
    await repo.setTenderStatus(tx, id, { status: 'Refusée', refusalReason: reason.trim(), answeredAt: now });
  });
  notify(ctx, { userIds: [caller.id], admins: true }, 'refused', [id]);
  return { tender: await tenderView(deps, id), message: 'Votre refus est enregistré. Merci d’avoir répondu.' };
}

export async function myProjects(deps: AppDeps, professionalId: number, q: { page: number; per_page: number }) {
  const { rows, total } = await repo.listAccepted(deps.db, professionalId, { limit: q.per_page, offset: (q.page - 1) * q.per_page });
  const files = await repo.filesOfProjects(deps.db, rows.map((r) => r.project.id));
  return {
    items: rows.map((r) => ({ tender_id: r.offer.id, accepted_at: iso(r.offer.answeredAt), project: projectView(r, files), client: clientContact(r.project) })),
    total,
    page: q.page,
    per_page: q.per_page,
  };
}

/** `list-user-Pro/{id}`: one entry per client, from the projects the professional accepted. */
export async function myClients(deps: AppDeps, professionalId: number, q: { page: number; per_page: number }) {
  const rows = await repo.allAccepted(deps.db, professionalId);
  const byClient = new Map<number, ReturnType<typeof clientEntry>>();
  function clientEntry(r: (typeof rows)[number]) {
    return {
      client_id: r.project.clientId,
      civility: r.project.civility,
      firstname: r.project.firstname,
      lastname: r.project.lastname,
      company_name: r.project.companyName,
      email: r.project.email,
      phone: r.project.phone,
      ville: r.project.city,
      last_accepted_at: iso(r.offer.answeredAt),
      projects: [] as Array<{ id: number; category_name: string; bien_name: string; ville: string; state: ProjectState }>,
    };
  }
  for (const r of rows) {
    const entry = byClient.get(r.project.clientId) ?? clientEntry(r);
    entry.projects.push({ id: r.project.id, category_name: r.categoryName, bien_name: r.bienName, ville: r.project.city, state: r.project.state });
    byClient.set(r.project.clientId, entry);
  }
  const all = [...byClient.values()];
  const start = (q.page - 1) * q.per_page;
  return { items: all.slice(start, start + q.per_page), total: all.length, page: q.page, per_page: q.per_page };
}

/** A project file seen through a tender: the admin, or a professional the project was sent to. */
export async function tenderFile(deps: AppDeps, caller: Caller, fileId: number) {
  const file = await repo.findProjectFile(deps.db, fileId);
  if (!file) throw notFound('Document introuvable.');
  if (caller.user_type !== 'admin' && !(await repo.hasTenderOn(deps.db, caller.id, file.projectId))) throw forbidden();
  return readFile(deps, fileId);
}

// ---------------------------------------------------------------------------------------------
// Client: who accepted
// ---------------------------------------------------------------------------------------------

export async function acceptedProfessionals(deps: AppDeps, projectId: number): Promise<PublicProfessional[]> {
  const accepted = await repo.acceptedOnProject(deps.db, projectId);
  const { rows: profiles, services, insurances, references, photos } = await publicProfiles(deps.db, accepted.map((a) => a.professionalId));
  const profileOf = new Map(profiles.map((p) => [p.user.id, p]));
  const rows = accepted.flatMap((a) => {
    const profile = profileOf.get(a.professionalId);
    return profile ? [{ ...profile, tenderId: a.tenderId, answeredAt: a.answeredAt }] : [];
  });
  return rows.map((r) => {
    const c = r.company;
    const decennale = insurances.find((i) => i.userId === r.user.id);
    return {
      professional_id: r.user.id,
      tender_id: r.tenderId,
      accepted_at: iso(r.answeredAt),
      name: `${r.user.firstname} ${r.user.lastname}`.trim(),
      company: c?.raisonSociale || `${r.user.firstname} ${r.user.lastname}`.trim(),
      trade_name: c?.tradeName ?? null,
      user_type: r.user.userType,
      profession: r.profession,
      services: services.filter((s) => s.userId === r.user.id).map((s) => s.name),
      description: c?.description ?? null,
      website: c?.website ?? null,
      contact_email: c?.contactEmail || r.user.email,
      contact_phone: c?.contactPhone || r.user.phone || null,
      city: c?.headOfficeCity ?? null,
      year_founded: c?.yearFounded ?? null,
      headcount: c?.headcount ?? null,
      has_logo: !!c?.logoPath,
      decennale: decennale ? { insurer: decennale.insurer, valid_until: decennale.validUntil } : null,
      references: references
        .filter((ref) => ref.userId === r.user.id)
        .slice(0, 6)
        .map((ref) => ({ id: ref.id, title: ref.title, city: ref.city, year: ref.year, photo_ids: photos.filter((ph) => ph.referenceId === ref.id).map((ph) => ph.id) })),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Bell
// ---------------------------------------------------------------------------------------------

export async function bellList(deps: AppDeps, professionalId?: number) {
  const rows = await repo.bellList(deps.db, professionalId);
  return rows.map(({ offer: o, status }) => ({
    id: o.id,
    status,
    validation: o.validation,
    project_id: o.projectId,
    professional_id: o.professionalId,
    created_at: o.createdAt.toISOString(),
    reply_deadline: o.replyDeadline.toISOString(),
  }));
}

export async function availableCount(deps: AppDeps, caller: Caller): Promise<number> {
  if (caller.user_type === 'admin') return repo.countAvailable(deps.db);
  if (caller.user_type === 'client') return 0;
  return repo.countAvailable(deps.db, caller.id);
}

// ---------------------------------------------------------------------------------------------
// Sweep (periodic): what time decided, persisted and announced
// ---------------------------------------------------------------------------------------------

export async function sweepTenders(ctx: TendersContext) {
  const { expired, closed } = await repo.sweep(ctx.deps.db);
  if (expired.length) notify(ctx, { userIds: [...new Set(expired.map((e) => e.professionalId))], admins: true }, 'expired', expired.map((e) => e.id));
  if (closed.length) notify(ctx, { userIds: [...new Set(closed.map((e) => e.professionalId))], admins: true }, 'closed', closed.map((e) => e.id));
  return { expired: expired.length, closed: closed.length };
}
