/** A client or a visitor submits a project (`api/projects`). */
import type { CreateProjectResult } from '@ouvrage/contracts';
import { INITIAL_PROJECT_STAGE, INITIAL_PROJECT_STATE, type Language } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { forbidden } from '../../lib/errors';
import { issuePasswordLink } from '../auth';
import { recipientLanguage } from '../mail';
import { notify } from '../notifications';
import { findUserByEmail, insertUser } from '../users';
import { existingAccountProjectMail, projectRecapMail } from './mails';
import * as repo from './repository';
import { type Caller, projectUrl } from './project-links';
import { type RequestWithCoordinates, columnsOf } from './project-request';
import { toDto } from './project-views';

/** A visitor's answer, the same whether the address had an account or not (docs/decisions/0452). */
const visitorMessage = (email: string) =>
  `Merci, votre demande est envoyée. Consultez votre messagerie (${email}) : un e-mail vous indique la suite pour suivre votre projet.`;

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
        await deps.mailer.queue(tx, {
          to: existing.email,
          ...existingAccountProjectMail(existing.language, existing.firstname, `${deps.config.publicUrl}/login`),
        });
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
      // The centre says welcome; the set-password link below is the account's mail.
      await notify(tx, deps, { userId: user.id, kind: 'account_created', link: '/profil', mail: false });
      await issuePasswordLink(deps, tx, user, 'invite', 'project');
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
    const recap = (language: Language) => projectRecapMail(language, full, projectUrl(deps, project.id));
    await notify(tx, deps, {
      userId: clientId!,
      kind: 'project_submitted',
      params: { project: `${full.categoryName} · ${full.city}` },
      link: `/single-projet/${project.id}`,
      localizedMail: recap,
    });
    // The project's own contact address, when it is not the account's, gets the recap too (in the account's language).
    if (caller && caller.email.toLowerCase() !== full.email)
      await deps.mailer.queue(tx, { to: full.email, ...recap(await recipientLanguage(tx, { userId: clientId })) });
    return { email: columns.email, full };
  });
  void deps.mailer.dispatch();
  if (!caller || !result.full) return { project: null, message: visitorMessage(result.email) };
  return { project: toDto(result.full, caller), message: 'Votre projet est enregistré. Vous pouvez le suivre depuis votre espace.' };
}
