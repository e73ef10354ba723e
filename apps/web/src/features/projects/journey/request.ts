import type { ProjectRequestBody } from '@ouvrage/contracts';
import { JOURNEY_STEPS, parseEuros, validateJourneyStep, type JourneyStepKey, type ProjectRequest } from '@ouvrage/domain';
import { parseDecimal, type JourneyValues } from './storage';

/**
 * The journey's checks and the request it sends: the domain's step rules and the money parsing
 * are not part of the first page (decision 0949). The journey screen loads this module once its
 * first screen is shown, before the visitor presses « Next » (`loadJourneyRequest`).
 */

/** The typed values as the domain rules and the API expect them (money in cents). */
export function toProjectRequest(v: JourneyValues): Partial<ProjectRequest> {
  // Blank → no value; typed but not an amount (or 3 decimals) → NaN, which the domain rule refuses in French.
  const euros = v.valueBien?.trim() ? parseEuros(v.valueBien) : null;
  return {
    support: v.support,
    projet: v.projet ?? undefined,
    bien: v.bien ?? undefined,
    street: v.street ?? '',
    codePostale: v.codePostale ?? '',
    ville: v.ville ?? '',
    cityCode: v.cityCode ?? '',
    showAdresse: typeof v.showAdresse === 'boolean' ? v.showAdresse : undefined,
    surface: parseDecimal(v.surface) ?? undefined,
    surfaceTravaux: parseDecimal(v.surfaceTravaux) ?? undefined,
    valueBien: euros === null ? null : euros.ok ? euros.value : Number.NaN,
    budget: v.budget ?? '',
    times: v.times,
    delai: v.delai,
    proprio: v.proprio,
    description: v.description ?? '',
    accompagnement: typeof v.accompagnement === 'boolean' ? v.accompagnement : undefined,
    besoinAccompagnement: v.accompagnement ? (v.besoinAccompagnement ?? null) : null,
    typeClient: v.typeClient,
    companyName: v.typeClient === 'entreprise' ? (v.companyName ?? '') : null,
    siret: v.typeClient === 'entreprise' ? (v.siret ?? '') : null,
    civility: v.civility,
    lastname: v.lastname ?? '',
    firstname: v.firstname ?? '',
    email: v.email ?? '',
    phone: v.phone ?? '',
    country: v.country ?? '',
  };
}

export function toRequestBody(v: JourneyValues): ProjectRequestBody {
  const r = toProjectRequest(v);
  return { ...r, latitude: v.latitude ?? null, longitude: v.longitude ?? null } as ProjectRequestBody;
}

/** The domain's rules of one step, on the typed values: `{ field: French message }`, empty when fine. */
export function checkStep(key: JourneyStepKey, values: JourneyValues): Partial<Record<string, string>> {
  return validateJourneyStep(key, toProjectRequest(values));
}

/** The first step (index) whose rules refuse the values, with their messages; null when every step passes. */
export function firstFailingStep(values: JourneyValues): { index: number; errors: Partial<Record<string, string>> } | null {
  for (const [index, s] of JOURNEY_STEPS.entries()) {
    const errors = checkStep(s.key, values);
    if (Object.keys(errors).length) return { index, errors };
  }
  return null;
}

/** The step holding one of these fields (the API's refusals name fields), or -1. */
export function stepOfFields(fields: readonly string[]): number {
  return JOURNEY_STEPS.findIndex((s) => s.fields.some((f) => fields.includes(f)));
}
