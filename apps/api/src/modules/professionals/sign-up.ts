import { hashPassword, type Executor } from '@ouvrage/db';
import type { CreateProfessionalBody, RegistryCompany } from '@ouvrage/contracts';
import { isProfessional, sirenOf, tvaNumberFor, type Language, type ProfessionalType } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { invalid, refuse } from '../../lib/errors';
import { existingAccountSignUpMail, signUpForAdminMail, signUpReceivedMail } from './mails';
import { notify } from '../notifications';
import { activeAdmins, findUserByEmail, insertUser } from '../users';
import type { CompanyRegistry } from '../../adapters/company-registry';
import { RegistryUnavailableError } from '../../adapters/company-registry';
import type { MarketingForm } from '../../adapters/marketing-form';
import * as repo from './repository';

export interface SignUpAdapters {
  registry: CompanyRegistry;
  marketing: MarketingForm;
}

const CLOSED_MESSAGE = "Cette entreprise est fermée au registre (état administratif « fermé ») : l'inscription n'est pas possible.";

/** Look a SIRET up; `null` when the registry does not know it or cannot be reached (fields are then typed by hand). */
export async function lookupCompany(registry: CompanyRegistry, siret: string): Promise<{ company: RegistryCompany | null; available: boolean }> {
  try {
    return { company: await registry.lookupSiret(siret), available: true };
  } catch (error) {
    if (error instanceof RegistryUnavailableError) return { company: null, available: false };
    throw error;
  }
}

/** Postgres unique violation (email or SIRET taken by a concurrent sign-up). */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Promises of lead forwarding still running (tests wait for them). */
const forwarding = new Set<Promise<void>>();
export async function settleLeadForwarding(): Promise<void> {
  await Promise.all([...forwarding]);
}

/**
 * The sign-up named an address that already has an account: nothing is created and only the
 * address's owner learns it by mail; the answer is the sign-up's usual one (docs/decisions/0452).
 */
async function tellExistingAccount(deps: AppDeps, db: Executor, user: { email: string; firstname: string; language: Language }) {
  await deps.mailer.queue(db, { to: user.email, ...existingAccountSignUpMail(user.language, user.firstname, `${deps.config.publicUrl}/login`) });
  void deps.mailer.dispatch().catch(() => undefined);
}

/**
 * Create the professional's account and company in one transaction, `En attente`, mail the
 * professional and the admins, and keep the marketing lead (forwarded when a portal is configured).
 * An e-mail that already has an account gets the same answer, and a mail instead of an account.
 */
export async function createProfessionalAccount(
  deps: AppDeps,
  adapters: SignUpAdapters,
  body: CreateProfessionalBody,
  context: { ip?: string; pageUri?: string },
) {
  const profession = await repo.findProfession(deps.db, body.profession_id);
  if (!profession || !profession.active || !isProfessional(profession.userType)) throw invalid({ profession_id: 'Ce métier est inconnu.' });
  const userType: ProfessionalType = profession.userType;
  const serviceIds = [...new Set(body.service_ids)];
  if ((await repo.existingServiceIds(deps.db, serviceIds)).length !== serviceIds.length) {
    throw invalid({ service_ids: 'Une des prestations choisies est inconnue.' });
  }

  const duplicateSiret = () =>
    refuse(
      'SIRET_TAKEN',
      'Cette entreprise (SIRET) est déjà inscrite sur Ouvrage.',
      {},
      { siret: 'Ce SIRET est déjà inscrit. Contactez-nous si vous pensez à une erreur.' },
    );
  if (await repo.findCompanyBySiret(deps.db, body.siret)) throw duplicateSiret();

  const { company: registry } = await lookupCompany(adapters.registry, body.siret);
  if (registry && !registry.active) throw invalid({ siret: CLOSED_MESSAGE }, CLOSED_MESSAGE);
  const answer = { email: body.email, user_type: userType };
  // Hashed before the check, so a known address does not answer faster.
  const passwordHash = await hashPassword(body.password);
  const existing = await findUserByEmail(deps.db, body.email);
  if (existing) {
    await tellExistingAccount(deps, deps.db, existing);
    return answer;
  }

  const siren = sirenOf(body.siret);
  let created: { id: number; email: string };
  try {
    created = await deps.db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email: body.email,
        passwordHash,
        civility: body.civility ?? null,
        firstname: body.firstname,
        lastname: body.lastname,
        phone: body.phone,
        country: 'France',
        userType,
        isValidate: 'En attente',
      });
      await repo.insertCompany(tx, {
        userId: user.id,
        siret: body.siret,
        siren,
        raisonSociale: registry?.raison_sociale || body.raison_sociale,
        formeJuridique: registry?.forme_juridique ?? body.forme_juridique,
        natureJuridiqueCode: registry?.nature_juridique_code ?? null,
        nafCode: registry?.naf_code ?? body.naf_code,
        tvaNumber: tvaNumberFor(siren),
        headOfficeAddress: registry?.head_office_address ?? body.head_office_address,
        headOfficePostcode: registry?.head_office_postcode ?? body.head_office_postcode,
        headOfficeCity: registry?.head_office_city ?? body.head_office_city,
        headOfficeCitycode: registry?.head_office_citycode ?? body.head_office_citycode,
        contactEmail: body.email,
        contactPhone: body.phone,
        professionId: profession.id,
        registryState: registry?.etat_administratif ?? null,
        registryName: registry?.raison_sociale ?? null,
        registryCheckedAt: registry ? new Date() : null,
      });
      await repo.replaceServices(tx, user.id, serviceIds);

      const facts = { company: registry?.raison_sociale || body.raison_sociale, siret: body.siret, trade: profession.name };
      await notify(tx, deps, {
        userId: user.id,
        kind: 'account_created',
        link: '/entreprise/information-legale',
        localizedMail: (language) => signUpReceivedMail(language, user.firstname, facts, `${deps.config.publicUrl}/entreprise/information-legale`),
      });
      for (const admin of await activeAdmins(tx)) {
        await deps.mailer.queue(tx, {
          to: admin.email,
          ...signUpForAdminMail(
            admin.language,
            admin.firstname,
            `${user.firstname} ${user.lastname}`,
            facts,
            Boolean(registry),
            `${deps.config.publicUrl}/gestion-user/pro-list`,
          ),
        });
      }
      const leadId = await repo.insertLead(tx, {
        form: 'pro-signup',
        email: user.email,
        fields: [
          { name: 'email', value: user.email },
          { name: 'firstname', value: user.firstname },
          { name: 'lastname', value: user.lastname },
          { name: 'phone', value: body.phone },
          { name: 'company', value: registry?.raison_sociale || body.raison_sociale },
          { name: 'siret', value: body.siret },
          { name: 'jobtitle', value: profession.name },
          { name: 'user_type', value: userType },
        ],
        context: { pageUri: context.pageUri ?? `${deps.config.publicUrl}/professionnel`, pageName: 'Inscription professionnelle' },
      });
      return { id: user.id, email: user.email, leadId };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      // A concurrent sign-up took the address or the SIRET first.
      const taken = await findUserByEmail(deps.db, body.email);
      if (taken) {
        await tellExistingAccount(deps, deps.db, taken);
        return answer;
      }
      throw duplicateSiret();
    }
    throw error;
  }

  void deps.mailer.dispatch().catch(() => undefined);
  if (adapters.marketing.configured) {
    const leadId = (created as { leadId?: number }).leadId!;
    const job = forwardLead(deps, adapters.marketing, leadId, created.email, context.ip).finally(() => forwarding.delete(job));
    forwarding.add(job);
  }
  return answer;
}

async function forwardLead(deps: AppDeps, marketing: MarketingForm, leadId: number, email: string, ip?: string): Promise<void> {
  const lead = await repo.findLead(deps.db, leadId);
  if (!lead) return;
  try {
    await marketing.submit({ form: 'pro-signup', email, fields: lead.fields, context: { ...lead.context, ...(ip ? { ipAddress: ip } : {}) } });
    await repo.markLead(deps.db, leadId, { status: 'sent' });
  } catch (error) {
    await repo.markLead(deps.db, leadId, { status: 'failed', lastError: (error as Error).message.slice(0, 500) }).catch(() => undefined);
  }
}
