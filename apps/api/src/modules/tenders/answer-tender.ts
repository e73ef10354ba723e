/** A professional answers a tender: accept (atomic, at most N, the project attributed in the same transaction) or refuse. */
import { answerRefusal, closesRemainingTenders, isClosedState, refusal, type Language, type ProjectState } from '@ouvrage/domain';
import { notFound, refused, refuse } from '../../lib/errors';
import { companyName } from '../professionals';
import { lockProject } from '../projects';
import { activeAdmins, findUser } from '../users';
import { notify as notifyUser } from '../notifications';
import { acceptedForAdminMail, anotherAcceptanceMail, firstAcceptanceNote } from './mails';
import * as repo from './repository';
import { advanceProject } from './send-tenders';
import { tenderView } from './tender-views';
import { type Caller, type TendersContext, notify, projectLabel, projectUrl } from './tenders-context';

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
    if (isClosedState(project.state as ProjectState))
      throw refuse('TENDER_PROJECT_CLOSED', `Ce projet est « ${project.state} » : il n'est plus possible de l'accepter.`, { state: project.state });
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
    if (before === 0) await advanceProject(deps, tx, caller, projectId, 'Attribué', (language) => firstAcceptanceNote(language, company));
    const params = { name: company, project: projectLabel(p) };
    const link = `/single-projet/${projectId}`;
    if (before > 0)
      await notifyUser(tx, deps, {
        userId: p.project.clientId,
        to: p.project.email,
        kind: 'tender_accepted',
        params,
        link,
        localizedMail: (language) => anotherAcceptanceMail(language, p, company, projectUrl(deps, projectId)),
      });
    const admin = tender.createdBy ? await findUser(tx, tender.createdBy) : undefined;
    const admins = admin && admin.userType === 'admin' && !admin.anonymizedAt ? [admin.id] : (await activeAdmins(tx)).map((a) => a.id);
    const adminMail = (language: Language) => acceptedForAdminMail(language, p, company, accepted, settings.maxAcceptances, projectUrl(deps, projectId));
    for (const userId of admins) await notifyUser(tx, deps, { userId, kind: 'tender_accepted', params, link, localizedMail: adminMail });
    for (const c of closed)
      await notifyUser(tx, deps, { userId: c.professionalId, kind: 'tender_closed', params: { project: projectLabel(p) }, link: '/list-offre' });
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
    notify(
      ctx,
      { userIds: [...new Set(outcome.closed.map((c) => c.professionalId))], admins: true },
      'closed',
      outcome.closed.map((c) => c.id),
    );
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
    // The admin who sent it hears of the refusal (every admin when they are gone).
    const p = await repo.findProject(tx, projectId);
    const company = (await companyName(tx, caller.id)) ?? `${caller.firstname} ${caller.lastname}`.trim();
    const admin = tender.createdBy ? await findUser(tx, tender.createdBy) : undefined;
    const admins = admin && admin.userType === 'admin' && !admin.anonymizedAt ? [admin.id] : (await activeAdmins(tx)).map((a) => a.id);
    const params = { name: company, project: p ? projectLabel(p) : '', reason: reason.trim() };
    for (const userId of admins) await notifyUser(tx, deps, { userId, kind: 'tender_refused', params, link: `/single-projet/${projectId}` });
  });
  void deps.mailer.dispatch();
  notify(ctx, { userIds: [caller.id], admins: true }, 'refused', [id]);
  return { tender: await tenderView(deps, id), message: 'Votre refus est enregistré. Merci d’avoir répondu.' };
}
