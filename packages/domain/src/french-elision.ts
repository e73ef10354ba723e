/**
 * French elision of « de » before a name (issue 36 §4, decision 1200): « Devis D-1 d’Atelier
 * Lefèvre », « d’Yves Martin », « d’Hôtel Bellevue », but « de Bâti Sud », « de Yannick », « de
 * Hangar 12 ». Written as French typography does it, with the curly apostrophe (’).
 *
 * - A vowel, accented or not (a e i o u, œ, æ), always elides.
 * - `y` elides only before a consonant (« d’Yves », « d’Yvelines »); before a vowel it is a
 *   consonant (« de Yannick », « de Yacine »).
 * - `h` is only safe when mute, and whether it is cannot be told from spelling (« de Hangar »
 *   against « d’Hôtel »): it elides only for the few mute-h words of the building trade and
 *   first names listed below; any other `h` keeps « de ».
 * - Anything else — a digit, a quote mark (« Hôtel »), a bracket, an empty value — keeps « de ».
 */

const VOWEL = /^[aeiouàâäéèêëîïôöùûüœæ]/;
const MUTE_H = ['hôtel', 'hôpital', 'habitat', 'habitation', 'harmonie', 'horizon', 'histoire', 'huile', 'hélène', 'hervé', 'hugo', 'hector', 'henri'];

/** Whether « de » before `text` becomes « d’ » in French. */
export function elidesDe(text: string): boolean {
  const word = (text.trimStart().split(/[\s'’-]/)[0] ?? '').toLowerCase();
  if (!word) return false;
  if (VOWEL.test(word)) return true;
  if (word[0] === 'y') return word.length > 1 && !VOWEL.test(word.slice(1)) && !word.slice(1).startsWith('y');
  if (word[0] === 'h') return MUTE_H.some((w) => word.startsWith(w));
  return false;
}

/** « de » or « d’ » glued to `text`: `frenchDe('Atelier Lefèvre')` → « d’Atelier Lefèvre ». */
export const frenchDe = (text: string): string => (elidesDe(text) ? `d’${text.trimStart()}` : `de ${text}`);
