import type { PriceReferenceLevel } from '@ouvrage/contracts';

/**
 * How French says « in » a zone: « dans le Rhône », « en Savoie », « dans l’Ain », « dans les
 * Landes », « à Paris » (the name comes from the API, the preposition and article from here). Each
 * form is a key of `priceReferences.where`; English and Arabic write every form the same way.
 */
export type ZonePreposition = 'le' | 'la' | 'l' | 'les' | 'en' | 'a';

// Départements by INSEE code: the usual form of the press and the prefectures.
// prettier-ignore
const DEPARTEMENTS: Record<string, ZonePreposition> = {
  '01': 'l', '02': 'l', '03': 'l', '04': 'les', '05': 'les', '06': 'les', '07': 'en', '08': 'les', '09': 'en', '10': 'l',
  '11': 'l', '12': 'l', '13': 'les', '14': 'le', '15': 'le', '16': 'en', '17': 'en', '18': 'le', '19': 'en', '2A': 'en',
  '2B': 'en', '21': 'en', '22': 'les', '23': 'en', '24': 'en', '25': 'le', '26': 'la', '27': 'l', '28': 'en', '29': 'le',
  '30': 'le', '31': 'en', '32': 'le', '33': 'en', '34': 'l', '35': 'en', '36': 'l', '37': 'en', '38': 'en', '39': 'le',
  '40': 'les', '41': 'le', '42': 'la', '43': 'en', '44': 'en', '45': 'le', '46': 'le', '47': 'le', '48': 'en', '49': 'en',
  '50': 'la', '51': 'la', '52': 'en', '53': 'en', '54': 'en', '55': 'la', '56': 'le', '57': 'en', '58': 'la', '59': 'le',
  '60': 'l', '61': 'l', '62': 'le', '63': 'le', '64': 'les', '65': 'les', '66': 'les', '67': 'le', '68': 'le', '69': 'le',
  '70': 'en', '71': 'en', '72': 'la', '73': 'en', '74': 'en', '75': 'a', '76': 'en', '77': 'en', '78': 'les', '79': 'les',
  '80': 'la', '81': 'le', '82': 'le', '83': 'le', '84': 'le', '85': 'en', '86': 'la', '87': 'en', '88': 'les', '89': 'l',
  '90': 'le', '91': 'l', '92': 'les', '93': 'en', '94': 'le', '95': 'le', '971': 'en', '972': 'en', '973': 'en', '974': 'a',
  '976': 'a',
};

// Regions by INSEE code (packages/geo `REGIONS`).
// prettier-ignore
const REGIONS: Record<string, ZonePreposition> = {
  '84': 'en', '27': 'en', '53': 'en', '24': 'le', '94': 'en', '44': 'le', '32': 'les', '11': 'en', '28': 'en',
  '75': 'en', '76': 'en', '52': 'les', '93': 'en', '01': 'en', '02': 'en', '03': 'en', '04': 'a', '06': 'a',
};

/** The form of « in » for a zone; `en` for France and for a code the lists do not know (« en Corse »). */
export function zonePreposition(level: PriceReferenceLevel, code: string): ZonePreposition {
  if (level === 'departement') return DEPARTEMENTS[code] ?? 'en';
  if (level === 'region') return REGIONS[code] ?? 'en';
  return 'en';
}
