/**
 * French company identifiers (pure rules, no I/O).
 * SIREN: 9 digits, Luhn key. SIRET: SIREN + 5-digit NIC, Luhn key over the 14 digits; La Poste
 * (SIREN 356000000) numbers its establishments so that the digit sum is a multiple of 5 instead
 * (its head office, 356 000 000 00048, follows Luhn). The one SIRET rule of the platform: sign-up,
 * profile, project form and admin checks all call `isValidSiret` / `siretProblem`.
 * TVA intracommunautaire: FR + key + SIREN, key = (12 + 3 × (SIREN mod 97)) mod 97.
 */

export const LA_POSTE_SIREN = '356000000';

/** Keep digits only: users type "123 456 789 00012". */
export function normalizeDigits(value: string): string {
  return value.replace(/[\s.-]/g, '');
}

/** Luhn check over a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function isValidSiren(value: string): boolean {
  const siren = normalizeDigits(value);
  return /^\d{9}$/.test(siren) && luhnValid(siren);
}

export function isValidSiret(value: string): boolean {
  const siret = normalizeDigits(value);
  if (!/^\d{14}$/.test(siret)) return false;
  if (luhnValid(siret)) return true;
  return siret.startsWith(LA_POSTE_SIREN) && [...siret].reduce((acc, c) => acc + Number(c), 0) % 5 === 0;
}

export type SiretProblem = 'empty' | 'format' | 'checksum';

/** Why a SIRET is refused (for a precise French message), or null when valid. */
export function siretProblem(value: string): SiretProblem | null {
  const siret = normalizeDigits(value ?? '');
  if (!siret) return 'empty';
  if (!/^\d{14}$/.test(siret)) return 'format';
  return isValidSiret(siret) ? null : 'checksum';
}

export const SIRET_MESSAGES: Record<SiretProblem, string> = {
  empty: 'Le numéro SIRET est obligatoire.',
  format: 'Le numéro SIRET doit comporter 14 chiffres.',
  checksum: "Ce numéro SIRET n'est pas valide (clé de contrôle incorrecte).",
};

export function sirenOf(siret: string): string {
  return normalizeDigits(siret).slice(0, 9);
}

/** The 2-digit TVA key of a SIREN. */
export function tvaKey(siren: string): string {
  const n = Number(normalizeDigits(siren));
  return String((12 + 3 * (n % 97)) % 97).padStart(2, '0');
}

/** FR + key + SIREN. */
export function tvaNumberFor(siren: string): string {
  const s = normalizeDigits(siren);
  return `FR${tvaKey(s)}${s}`;
}

/** Whether a TVA number is the one of this SIREN (spaces ignored, case-insensitive). */
export function tvaMatchesSiren(tva: string, siren: string): boolean {
  return normalizeDigits(tva).toUpperCase() === tvaNumberFor(siren);
}
