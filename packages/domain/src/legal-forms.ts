/**
 * INSEE "catégories juridiques" (nature juridique) most seen among building companies,
 * as the company registry returns them, with the label printed on quotes.
 */
export const LEGAL_FORMS: Record<string, string> = {
  '1000': 'Entrepreneur individuel',
  '5410': 'SARL nationale',
  '5422': 'SARL immobilière pour le commerce et l’industrie',
  '5426': 'SARL immobilière de gestion',
  '5485': 'SELARL',
  '5498': 'EURL',
  '5499': 'SARL',
  '5505': 'SA à participation ouvrière',
  '5599': 'SA à conseil d’administration',
  '5699': 'SA à directoire',
  '5710': 'SAS',
  '5720': 'SASU',
  '5785': 'SELAS',
  '6540': 'SCI',
  '6589': 'Société civile de moyens',
  '5306': 'SCOP SARL',
  '5385': 'SELAFA',
};

/** The label of a nature juridique code, or the code itself when unknown. */
export function legalFormLabel(code: string | null | undefined): string | null {
  if (!code) return null;
  return LEGAL_FORMS[code] ?? `Catégorie juridique ${code}`;
}

/** NAF/APE code as INSEE writes it: 2 digits, dot, 2 digits, letter (e.g. 43.22A). */
export function normalizeNafCode(value: string): string | null {
  const m = value
    .trim()
    .toUpperCase()
    .match(/^(\d{2})\.?(\d{2})([A-Z])$/);
  return m ? `${m[1]}.${m[2]}${m[3]}` : null;
}

/** Département code of an INSEE commune code (2A/2B for Corsica, 3 digits overseas). */
export function departementOfInsee(code: string | null | undefined): string | null {
  if (!code) return null;
  return code.startsWith('97') ? code.slice(0, 3) : code.slice(0, 2);
}
