import type { CompanyRow, Executor, InsuranceRow, UserRow } from '@ouvrage/db';
import type { Preferences, ProfessionalInfo, StatusRegister, StoreDetailsBody } from '@ouvrage/contracts';
import {
  insuranceValid,
  isProfessional,
  profileCompleteness,
  sirenOf,
  tvaMatchesSiren,
  todayInParis,
  tvaNumberFor,
  type CalendarDate,
  type Completeness,
  type ProfessionalType,
} from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { invalid, notFound } from '../../lib/errors';
import { existingBienIds, existingCategoryIds } from '../catalog';
import { findUser } from '../users';
import * as repo from './repository';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The professional account `{id}` names, with its company row (created empty when missing). */
export async function requireProfessional(db: Executor, userId: number): Promise<{ user: UserRow & { userType: ProfessionalType }; company: CompanyRow }> {
  const user = await findUser(db, userId);
  if (!user || user.anonymizedAt || !isProfessional(user.userType)) throw notFound("Ce compte n'a pas de profil professionnel.");
  let company = await repo.findCompany(db, userId);
  if (!company) {
    await repo.insertEmptyCompany(db, userId);
    company = (await repo.findCompany(db, userId))!;
  }
  return { user: user as UserRow & { userType: ProfessionalType }, company };
}

/** `today`: the day in Paris (`todayInParis(deps.clock)`), against which validity dates are read. */
function insuranceView(row: InsuranceRow | undefined, today: CalendarDate) {
  if (!row) return null;
  return {
    insurer: row.insurer,
    insurer_address: row.insurerAddress,
    policy_number: row.policyNumber,
    valid_from: row.validFrom,
    valid_until: row.validUntil,
    coverage: row.coverage,
    certificate_name: row.certificateName,
    has_certificate: !!row.certificatePath,
    valid: insuranceValid(insuranceSnapshot(row), today),
  };
}

export function insuranceSnapshot(row: InsuranceRow | undefined | null) {
  return row
    ? { insurer: row.insurer, policyNumber: row.policyNumber, validFrom: row.validFrom, validUntil: row.validUntil, certificatePath: row.certificatePath }
    : null;
}

export async function getInfo(deps: AppDeps, userId: number): Promise<ProfessionalInfo> {
  const { user, company } = await requireProfessional(deps.db, userId);
  const [insurances, serviceRows, profession] = await Promise.all([
    repo.insurancesOf(deps.db, userId),
    repo.serviceRowsOf(deps.db, userId),
    company.professionId ? repo.findProfession(deps.db, company.professionId) : Promise.resolve(undefined),
  ]);
  return {
    user: {
      id: user.id,
      civility: user.civility,
      firstname: user.firstname,
      lastname: user.lastname,
      email: user.email,
      phone: user.phone,
      user_type: user.userType,
      is_validate: user.isValidate,
      validation_reason: user.validationReason,
      created_at: user.createdAt.toISOString(),
    },
    legal: {
      siret: company.siret,
      siren: company.siren,
      raison_sociale: company.raisonSociale,
      forme_juridique: company.formeJuridique,
      capital_cents: company.capitalCents,
      rcs_rm: company.rcsRm,
      tva_number: company.tvaNumber,
      tva_expected: company.siren ? tvaNumberFor(company.siren) : null,
      naf_code: company.nafCode,
      head_office_address: company.headOfficeAddress,
      head_office_postcode: company.headOfficePostcode,
      head_office_city: company.headOfficeCity,
      head_office_citycode: company.headOfficeCitycode,
    },
    insurances: {
      decennale: insuranceView(
        insurances.find((i) => i.kind === 'decennale'),
        todayInParis(deps.clock),
      ),
      rc_pro: insuranceView(
        insurances.find((i) => i.kind === 'rc_pro'),
        todayInParis(deps.clock),
      ),
    },
    general: {
      trade_name: company.tradeName,
      has_logo: !!company.logoPath,
      description: company.description,
      website: company.website,
      contact_email: company.contactEmail,
      contact_phone: company.contactPhone,
      year_founded: company.yearFounded,
      headcount: company.headcount,
    },
    trade: {
      profession_id: company.professionId,
      profession_name: profession?.name ?? null,
      service_ids: serviceRows.map((s) => s.id),
      service_names: serviceRows.map((s) => s.name),
    },
    registry: { state: company.registryState, name: company.registryName, checked_at: iso(company.registryCheckedAt) },
  };
}

/** Save the sections sent; each section is checked as a whole, all in one transaction. */
export async function storeDetails(deps: AppDeps, userId: number, body: StoreDetailsBody): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await requireProfessional(tx, userId);
    const company = (await repo.lockCompany(tx, userId))!;
    if (body.legal) {
      const legal = body.legal;
      const siren = sirenOf(legal.siret);
      if (legal.siret !== company.siret) {
        const other = await repo.findCompanyBySiret(tx, legal.siret);
        if (other && other.userId !== userId)
          throw invalid({ 'legal.siret': 'Ce SIRET est déjà utilisé par un autre compte.' }, 'Ce SIRET est déjà utilisé par un autre compte.');
      }
      if (legal.tva_number && !tvaMatchesSiren(legal.tva_number, siren)) {
        throw invalid(
          { 'legal.tva_number': `Ce numéro de TVA ne correspond pas au SIREN ${siren} (attendu : ${tvaNumberFor(siren)}).` },
          'Le numéro de TVA intracommunautaire ne correspond pas au SIREN.',
        );
      }
      await repo.updateCompany(tx, userId, {
        siret: legal.siret,
        siren,
        raisonSociale: legal.raison_sociale,
        formeJuridique: legal.forme_juridique,
        capitalCents: legal.capital_cents,
        rcsRm: legal.rcs_rm,
        tvaNumber: legal.tva_number,
        nafCode: legal.naf_code,
        headOfficeAddress: legal.head_office_address,
        headOfficePostcode: legal.head_office_postcode,
        headOfficeCity: legal.head_office_city,
        headOfficeCitycode: legal.head_office_citycode,
        // A new SIRET must be checked against the registry again.
        ...(legal.siret !== company.siret
          ? { registryState: null, registryName: null, registryCheckedAt: null, identityCheck: null, identityCheckedAt: null }
          : {}),
      });
    }
    for (const kind of ['decennale', 'rc_pro'] as const) {
      const section = body[kind];
      if (!section) continue;
      await repo.upsertInsurance(tx, userId, kind, {
        insurer: section.insurer,
        insurerAddress: section.insurer_address,
        policyNumber: section.policy_number,
        validFrom: section.valid_from,
        validUntil: section.valid_until,
        coverage: section.coverage,
      });
    }
    if (body.general) {
      const g = body.general;
      await repo.updateCompany(tx, userId, {
        tradeName: g.trade_name,
        description: g.description,
        website: g.website,
        contactEmail: g.contact_email,
        contactPhone: g.contact_phone,
        yearFounded: g.year_founded,
        headcount: g.headcount,
      });
    }
    if (body.trade) {
      const profession = await repo.findProfession(tx, body.trade.profession_id);
      if (!profession || !profession.active) throw invalid({ 'trade.profession_id': 'Ce métier est inconnu.' });
      const wanted = [...new Set(body.trade.service_ids)];
      const known = await repo.existingServiceIds(tx, wanted);
      if (known.length !== wanted.length) throw invalid({ 'trade.service_ids': 'Une des prestations choisies est inconnue.' });
      await repo.updateCompany(tx, userId, { professionId: profession.id });
      await repo.replaceServices(tx, userId, wanted);
    }
  });
}

/** Completeness of several professionals' profiles at once (admin list); `day`: today in Paris. */
export async function completenessFor(
  db: Executor,
  pros: Array<{ id: number; userType: ProfessionalType }>,
  day: CalendarDate,
): Promise<Map<number, Completeness>> {
  const ids = pros.map((p) => p.id);
  const [rows, insurances, counts] = await Promise.all([repo.companiesOf(db, ids), repo.insurancesFor(db, ids), repo.profileCounts(db, ids)]);
  const result = new Map<number, Completeness>();
  for (const pro of pros) {
    const c = rows.find((r) => r.userId === pro.id);
    const n = counts.get(pro.id)!;
    result.set(
      pro.id,
      profileCompleteness(
        {
          userType: pro.userType,
          raisonSociale: c?.raisonSociale,
          formeJuridique: c?.formeJuridique,
          siret: c?.siret,
          nafCode: c?.nafCode,
          tvaNumber: c?.tvaNumber,
          headOfficeAddress: c?.headOfficeAddress,
          headOfficePostcode: c?.headOfficePostcode,
          headOfficeCity: c?.headOfficeCity,
          decennale: insuranceSnapshot(insurances.find((i) => i.userId === pro.id && i.kind === 'decennale')),
          rcPro: insuranceSnapshot(insurances.find((i) => i.userId === pro.id && i.kind === 'rc_pro')),
          description: c?.description,
          contactPhone: c?.contactPhone,
          contactEmail: c?.contactEmail,
          professionId: c?.professionId,
          serviceCount: n.services,
          zoneCount: n.zones,
          preferredCategoryCount: n.categories,
          referenceCount: n.references,
        },
        day,
      ),
    );
  }
  return result;
}

export async function statusRegister(deps: AppDeps, userId: number): Promise<StatusRegister> {
  const { user } = await requireProfessional(deps.db, userId);
  const completeness = (await completenessFor(deps.db, [{ id: user.id, userType: user.userType }], todayInParis(deps.clock))).get(user.id)!;
  return { is_validate: user.isValidate, validation_reason: user.validationReason, completeness };
}

export async function getPreferences(deps: AppDeps, userId: number): Promise<Preferences> {
  const { company } = await requireProfessional(deps.db, userId);
  const { categoryIds, bienIds } = await repo.preferredIds(deps.db, userId);
  return {
    category_ids: categoryIds,
    bien_ids: bienIds,
    budget_min_cents: company.budgetMinCents,
    budget_max_cents: company.budgetMaxCents,
    client_types: company.clientTypes.filter((t): t is 'particulier' | 'entreprise' => t === 'particulier' || t === 'entreprise'),
    notify_tender_email: company.notifyTenderEmail,
    notify_tender_sms: company.notifyTenderSms,
    notify_weekly_digest: company.notifyWeeklyDigest,
  };
}

export async function setPreferences(deps: AppDeps, userId: number, body: Preferences): Promise<Preferences> {
  await deps.db.transaction(async (tx) => {
    await requireProfessional(tx, userId);
    await repo.lockCompany(tx, userId);
    const categoryIds = [...new Set(body.category_ids)];
    const bienIds = [...new Set(body.bien_ids)];
    if ((await existingCategoryIds(tx, categoryIds)).length !== categoryIds.length)
      throw invalid({ category_ids: 'Une des catégories choisies est inconnue.' });
    if ((await existingBienIds(tx, bienIds)).length !== bienIds.length) throw invalid({ bien_ids: 'Un des types de biens choisis est inconnu.' });
    if (body.notify_tender_sms) {
      const company = (await repo.findCompany(tx, userId))!;
      const owner = await findUser(tx, userId);
      if (!company.contactPhone && !owner?.phone) throw invalid({ notify_tender_sms: 'Renseignez un numéro de téléphone pour recevoir les SMS.' });
    }
    await repo.replacePreferredCatalog(tx, userId, categoryIds, bienIds);
    await repo.updateCompany(tx, userId, {
      budgetMinCents: body.budget_min_cents,
      budgetMaxCents: body.budget_max_cents,
      clientTypes: [...new Set(body.client_types)],
      notifyTenderEmail: body.notify_tender_email,
      notifyTenderSms: body.notify_tender_sms,
      notifyWeeklyDigest: body.notify_weekly_digest,
    });
  });
  return getPreferences(deps, userId);
}
