/** The admin sends a project out to tender: matching suggestions, sending (the project goes « En consultation » in the same transaction), withdrawing. */
import type { CreateTenderBody, SuggestionsResult, TenderSuggestion } from '@ouvrage/contracts';
import {
  calendarDateAt,
  canResendTender,
  canSendTenders,
  checkReplyDeadline,
  compareMatches,
  defaultReplyDeadline,
  matchProfessional,
  withdrawalRefusal,
  type Language,
  type MatchZone,
  type ProjectState,
} from '@ouvrage/domain';
import { distanceKm, findCommune } from '@ouvrage/geo';
import type { AppDeps } from '../../lib/deps';
import type { Executor } from '@ouvrage/db';
import { invalid, notFound, refused, refuse } from '../../lib/errors';
import { tenderMailChoices, validatedProfessionals, type Candidate } from '../professionals';
import { changeState, lockProject } from '../projects';
import { findUser } from '../users';
import { notify as notifyUser } from '../notifications';
import { newTenderMail, tenderWithdrawnMail } from './mails';
import * as repo from './repository';
import { adminTenderViews } from './tender-views';
import { type Caller, type TendersContext, notify, projectLabel, tendersUrl } from './tenders-context';

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
    const distance =
      typeof lat === 'number' && typeof lon === 'number' && typeof zLat === 'number' && typeof zLon === 'number'
        ? distanceKm({ lat, lon }, { lat: zLat, lon: zLon })
        : null;
    return {
      kind: 'commune',
      communeName: z.communeName ?? commune?.nom ?? z.communeInsee ?? '',
      departement: z.departementCode,
      radiusKm: z.radiusKm ?? 0,
      distanceKm: distance,
    };
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

/**
 * Move a project forward to `target` in the caller's transaction, one state at a time, through
 * the projects module (history and client mail stay theirs). Projects past `target` stay put.
 */
export async function advanceProject(
  deps: AppDeps,
  tx: Executor,
  actor: Caller,
  projectId: number,
  target: 'En consultation' | 'Attribué',
  mailNote?: (language: Language) => string,
) {
  const path: ProjectState[] = ['Validé', 'En consultation', 'Attribué'];
  const locked = await lockProject(tx, projectId);
  if (!locked) throw notFound('Projet introuvable.');
  let from = locked.state as ProjectState;
  while (path.includes(from) && path.indexOf(from) < path.indexOf(target)) {
    const next = path[path.indexOf(from) + 1];
    await changeState(deps, tx, actor, { project_id: projectId, state: next, mailNote: next === target ? mailNote : undefined });
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
      throw refuse(
        'TENDER_PROJECT_NOT_SENDABLE',
        `Un projet « ${locked.state} » ne peut pas être mis en consultation : il doit être « Validé » ou « En consultation ».`,
        { state: locked.state },
      );
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
      throw refuse(
        'TENDER_ALREADY_SENT',
        `Un appel d'offre a déjà été envoyé pour ce projet à : ${names.join(', ')}.`,
        { names: names.join(', ') },
        {
          professional_ids: `Déjà consulté(s) : ${names.join(', ')}.`,
        },
      );
    }
    const scores = new Map(scoreCandidates(p, candidates).map((s) => [s.candidate.id, s.score]));
    const mailChoices = await tenderMailChoices(tx, professionalIds);
    const ids: number[] = [];
    for (const c of candidates) {
      const values = { replyDeadline: deadline, adminMessage: message, createdBy: caller.id, matchScore: scores.get(c.id) ?? null };
      const prior = existing.get(c.id);
      const row = prior
        ? await repo.reissueTender(tx, prior.id, { ...values, now })
        : await repo.insertTender(tx, {
            ...values,
            projectId: body.project_id,
            professionalId: c.id,
            status: 'Disponible',
            validation: '1',
            createdAt: now,
            updatedAt: now,
          });
      ids.push(row.id);
      await notifyUser(tx, deps, {
        userId: c.id,
        kind: 'tender_received',
        params: { project: projectLabel(p), date: calendarDateAt(deadline) },
        link: '/list-offre',
        localizedMail: (language) => newTenderMail(language, p, c, deadline, message, tendersUrl(deps)),
        mail: mailChoices.get(c.id) ?? true,
      });
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
    if (user && p) {
      await notifyUser(tx, deps, {
        userId: user.id,
        kind: 'tender_withdrawn',
        params: { project: projectLabel(p) },
        link: '/list-offre',
        localizedMail: (language) => tenderWithdrawnMail(language, p, user, tendersUrl(deps)),
        mail: wantsMail,
      });
    }
    return tender.professionalId;
  });
  void deps.mailer.dispatch();
  notify(ctx, { userIds: [professionalId], admins: true }, 'withdrawn', [id]);
  return { message: "L'appel d'offre est retiré." };
}
