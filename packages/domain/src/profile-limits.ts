import { refusal, type Refusal } from './refusal';

/**
 * The ranges of a professional's profile values, written once: the API refuses a value outside
 * them with the rule in its message (never a silent change to the nearest bound), and the web
 * translates the refusal's code with the same parameters.
 */
export const PROFILE_LIMITS = {
  yearFoundedMin: 1800,
  referenceYearMin: 1900,
  zoneRadiusMaxKm: 200,
  headcountMax: 100_000,
} as const;

/** A year between `min` and the current year (a company is not founded, nor a work done, in the future). */
export function yearRefusal(year: number, min: number, now: Date): Refusal | null {
  const max = now.getFullYear();
  if (Number.isInteger(year) && year >= min && year <= max) return null;
  return refusal('YEAR_OUT_OF_RANGE', `L'année doit être comprise entre ${min} et ${max}.`, { min, max }, 400);
}

/** A radius around a commune, in whole kilometres, from 0 to the platform's maximum. */
export function radiusRefusal(km: number): Refusal | null {
  const max = PROFILE_LIMITS.zoneRadiusMaxKm;
  if (Number.isInteger(km) && km >= 0 && km <= max) return null;
  return refusal('RADIUS_OUT_OF_RANGE', `Le rayon doit être un nombre entier de kilomètres entre 0 et ${max} km.`, { max }, 400);
}

/** An amount (capital, budget, a reference's amount) in cents: zero or more. */
export function amountRefusal(cents: number): Refusal | null {
  if (cents >= 0) return null;
  return refusal('AMOUNT_NEGATIVE', 'Le montant doit être positif ou nul (0 € ou plus).', {}, 400);
}

/** A headcount: a whole number from 0 to the maximum. */
export function headcountRefusal(n: number): Refusal | null {
  const max = PROFILE_LIMITS.headcountMax;
  if (Number.isInteger(n) && n >= 0 && n <= max) return null;
  return refusal('HEADCOUNT_OUT_OF_RANGE', `L'effectif doit être un nombre entier entre 0 et ${max.toLocaleString('fr-FR')}.`, { max }, 400);
}
