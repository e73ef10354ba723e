import type { IdentityCheck } from '@ouvrage/contracts';
import { decennaleRequired, insuranceValid, isValidSiret, normalizeDigits, todayInParis } from '@ouvrage/domain';
import type { CompanyRegistry } from '../../adapters/company-registry';
import type { AppDeps } from '../../lib/deps';
import { completenessFor, insuranceSnapshot, requireProfessional } from './profile';
import { insurancesOf, updateCompany } from './repository';
import { lookupCompany } from './sign-up';

/**
 * The admin's identity check of a professional (moved from the users module by decision 1180: it
 * reads and writes professionals' data only). The users module calls it through its
 * `ProfessionalAccounts` contract.
 */

/** Compare names the way the registry writes them (capitals, no accents, no legal suffix). */
export function sameCompanyName(a: string | null | undefined, b: string | null | undefined): boolean {
  const clean = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase()
      .replace(/\b(SARL|SAS|SASU|EURL|SA|SCI|SELARL|EI|EIRL)\b/g, '')
      .replace(/[^A-Z0-9]+/g, ' ')
      .trim();
  if (!a || !b) return false;
  const x = clean(a);
  const y = clean(b);
  return x.length > 0 && (x === y || x.includes(y) || y.includes(x));
}

/** The admin's identity check before validation: registry, name, insurance, completeness (recorded on the company). */
export async function checkIdentity(deps: AppDeps, registry: CompanyRegistry, userId: number): Promise<IdentityCheck> {
  const { user, company } = await requireProfessional(deps.db, userId);
  const siret = normalizeDigits(company.siret ?? '');
  const siretValid = isValidSiret(siret);
  const { company: found, available } = siretValid ? await lookupCompany(registry, siret) : { company: null, available: true };
  const insurances = await insurancesOf(deps.db, userId);
  const day = todayInParis(deps.clock);
  const decennale = insuranceValid(insuranceSnapshot(insurances.find((i) => i.kind === 'decennale')), day);
  const rcPro = insuranceValid(insuranceSnapshot(insurances.find((i) => i.kind === 'rc_pro')), day);
  const completeness = (await completenessFor(deps.db, [{ id: user.id, userType: user.userType }], day)).get(user.id)!;
  const nameMatches =
    !!found && (sameCompanyName(found.raison_sociale, company.raisonSociale) || sameCompanyName(found.raison_sociale, `${user.lastname} ${user.firstname}`));
  const required = decennaleRequired(user.userType);
  const checkedAt = new Date();
  const result: IdentityCheck = {
    siret_valid: siretValid,
    registry_available: available,
    registry_found: !!found,
    registry_active: !!found?.active,
    registry_name: found?.raison_sociale ?? null,
    name_matches: nameMatches,
    decennale_required: required,
    decennale_valid: decennale,
    rc_pro_valid: rcPro,
    profile_complete: completeness.complete,
    ok: siretValid && !!found?.active && nameMatches && (decennale || !required) && rcPro,
    checked_at: checkedAt.toISOString(),
  };
  await updateCompany(deps.db, userId, {
    identityCheck: result,
    identityCheckedAt: checkedAt,
    ...(found ? { registryState: found.etat_administratif, registryName: found.raison_sociale, registryCheckedAt: checkedAt } : {}),
  });
  return result;
}
