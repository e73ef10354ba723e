import type { AccountListItem, AccountListQuery, IdentityCheck } from '@ouvrage/contracts';
import { departementOfInsee, initialValidationFor, isProfessional, todayInParis, type ProfessionalType, type UserType } from '@ouvrage/domain';
import type { z } from 'zod';
import type { createAccountBody, modifyUserBody } from '@ouvrage/contracts';
import type { AppDeps } from '../../lib/deps';
import { notFound, refuse } from '../../lib/errors';
import type { CompanyRegistry } from '../../adapters/company-registry';
import { forgetSessions, issuePasswordLink } from '../auth';
import { validationMail } from './mails';
import { notify } from '../notifications';
import * as repo from './repository';
import { retainedBy, retentionsOf } from './retention';
import { clientCompanies } from './client-companies';
import { professionalAccounts } from './professional-accounts';

export async function listAccounts(deps: AppDeps, query: AccountListQuery) {
  const { rows, total, total_capped } = await repo.listAccounts(deps.db, query);
  const pros = rows.filter((r) => isProfessional(r.userType)).map((r) => ({ id: r.id, userType: r.userType as ProfessionalType }));
  const completeness = await professionalAccounts(deps).completeness(deps.db, pros, todayInParis(deps.clock));
  const clientIds = rows.filter((r) => r.userType === 'client').map((r) => r.id);
  const companiesOfClients = await clientCompanies(deps, deps.db, clientIds);
  const items: AccountListItem[] = rows.map((r) => ({
    id: r.id,
    civility: r.civility,
    firstname: r.firstname,
    lastname: r.lastname,
    email: r.email,
    phone: r.phone,
    user_type: r.userType as UserType,
    is_validate: r.isValidate,
    created_at: r.createdAt.toISOString(),
    company: isProfessional(r.userType)
      ? {
          raison_sociale: r.raisonSociale ?? '',
          siret: r.siret ?? null,
          profession_name: r.professionName ?? null,
          departement: departementOfInsee(r.citycode),
          completeness_percent: completeness.get(r.id)?.percent ?? 0,
        }
      : null,
    client_company: companiesOfClients.get(r.id) ?? null,
  }));
  return { items, total, total_capped, page: query.page, per_page: query.per_page };
}

type CreateAccount = z.infer<typeof createAccountBody>;

/** An account created by the admin: no password yet, a link to choose it is mailed. */
export async function createAccount(deps: AppDeps, body: CreateAccount) {
  if (await repo.emailTakenByOther(deps.db, body.email)) {
    throw refuse('EMAIL_TAKEN', 'Un compte existe déjà avec cette adresse e-mail.', {}, { email: 'Un compte existe déjà avec cette adresse e-mail.' });
  }
  const created = await deps.db.transaction(async (tx) => {
    const user = await repo.insertUser(tx, {
      email: body.email,
      passwordHash: null,
      civility: body.civility ?? null,
      firstname: body.firstname,
      lastname: body.lastname,
      phone: body.phone,
      country: 'France',
      userType: body.user_type,
      isValidate: initialValidationFor(body.user_type),
    });
    if (isProfessional(body.user_type)) {
      await professionalAccounts(deps).createCompany(tx, {
        userId: user.id,
        raisonSociale: body.raison_sociale ?? '',
        contactEmail: user.email,
        contactPhone: user.phone,
      });
    }
    await issuePasswordLink(deps, tx, user, 'invite', isProfessional(body.user_type) ? 'admin-professional' : 'admin-client');
    // The centre says welcome; the set-password link is the account's mail.
    await notify(tx, deps, { userId: user.id, kind: 'account_created', link: '/profil', mail: false });
    return user;
  });
  void deps.mailer.dispatch().catch(() => undefined);
  return {
    id: created.id,
    email: created.email,
    user_type: created.userType as UserType,
    is_validate: created.isValidate,
    message: `Le compte a été créé ; ${created.email} a reçu un lien pour choisir son mot de passe.`,
  };
}

export async function modifyUser(deps: AppDeps, body: z.infer<typeof modifyUserBody>) {
  const user = await repo.findUser(deps.db, body.id);
  if (!user || user.anonymizedAt) throw notFound('Utilisateur introuvable.');
  if (await repo.emailTakenByOther(deps.db, body.email, user.id)) {
    throw refuse('EMAIL_TAKEN', 'Un autre compte utilise déjà cette adresse e-mail.', {}, { email: 'Un autre compte utilise déjà cette adresse e-mail.' });
  }
  await repo.updateUser(deps.db, user.id, {
    civility: body.civility ?? null,
    firstname: body.firstname,
    lastname: body.lastname,
    email: body.email,
    phone: body.phone,
    country: body.country,
  });
}

function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23503' || e?.cause?.code === '23503';
}

/**
 * Delete a client (decision 0441). When a registered retention keeps them (projects, tenders,
 * later signed quotes and invoices), the account is anonymised instead: personal data cleared,
 * sessions and links gone, login impossible, business records intact. A client deleted outright
 * has no project, hence no stored file to remove.
 */
export async function deleteClient(deps: AppDeps, clientId: number): Promise<'deleted' | 'anonymised'> {
  return deps.db.transaction(async (tx) => {
    const user = await repo.lockUser(tx, clientId);
    if (!user || user.anonymizedAt) throw notFound('Client introuvable.');
    if (user.userType !== 'client') throw refuse('NOT_A_CLIENT', 'Seuls les comptes clients peuvent être supprimés ici.');
    if ((await retainedBy(deps, tx, clientId)).length === 0) {
      try {
        await tx.transaction((savepoint) => repo.deleteUser(savepoint, clientId));
        return 'deleted' as const;
      } catch (error) {
        // ON DELETE RESTRICT caught a record no module registered: the account is kept, anonymised.
        if (!isForeignKeyViolation(error)) throw error;
      }
    }
    await repo.anonymiseUser(tx, clientId, deps.clock.now());
    await forgetSessions(tx, clientId);
    for (const retention of retentionsOf(deps)) await retention.anonymise?.(tx, clientId);
    return 'anonymised' as const;
  });
}

/** The admin's identity check before validation: registry, name, insurance, completeness (the professionals module's). */
export async function checkUser(deps: AppDeps, registry: CompanyRegistry, userId: number): Promise<IdentityCheck> {
  return professionalAccounts(deps).checkIdentity(deps, registry, userId);
}

/** `Validé` unlocks the tenders menu at the next page load; `Refusé` needs a reason. Mails the professional. */
export async function setValidation(deps: AppDeps, userId: number, state: 'Validé' | 'Refusé', reason: string | null) {
  const updated = await deps.db.transaction(async (tx) => {
    const user = await repo.lockUser(tx, userId);
    if (!user || user.anonymizedAt) throw notFound('Utilisateur introuvable.');
    if (!isProfessional(user.userType)) throw refuse('NOT_A_PROFESSIONAL', 'Seuls les comptes professionnels sont soumis à validation.');
    const validationReason = state === 'Refusé' ? reason : null;
    await repo.updateUser(tx, userId, { isValidate: state, validationReason });
    const link = state === 'Validé' ? '/list-offre' : '/entreprise/information-legale';
    await notify(tx, deps, {
      userId: user.id,
      kind: state === 'Validé' ? 'account_validated' : 'account_refused',
      params: state === 'Validé' ? {} : { reason: validationReason ?? '' },
      link,
      localizedMail: (language) =>
        validationMail(
          language,
          user.firstname,
          { architect: user.userType === 'architecte', refused: state === 'Refusé', reason: validationReason },
          `${deps.config.publicUrl}${link}`,
        ),
    });
    return { id: user.id, is_validate: state, validation_reason: validationReason };
  });
  void deps.mailer.dispatch().catch(() => undefined);
  return {
    ...updated,
    message: state === 'Validé' ? 'Le professionnel a été validé et prévenu par e-mail.' : 'Le professionnel a été refusé et prévenu par e-mail.',
  };
}
