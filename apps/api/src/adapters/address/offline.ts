import type { AddressSuggestion } from '@ouvrage/contracts';
import { findDepartement, searchCommunes, type Commune } from '@ouvrage/geo';
import type { AddressSearch } from './types';

function toSuggestion(c: Commune, postcode: string): AddressSuggestion {
  const dep = findDepartement(c.departement);
  return {
    label: `${c.nom} ${postcode}`,
    street: '',
    postcode,
    city: c.nom,
    city_code: c.code,
    departement: c.departement,
    context: dep ? `${c.departement}, ${dep.nom}` : c.departement,
    latitude: c.lat,
    longitude: c.lon,
    kind: 'municipality',
  };
}

/**
 * Offline fallback: communes and postcodes from `@ouvrage/geo`. It cannot know streets, so it
 * suggests communes (one line per postcode) and the street is typed by hand.
 * "12 rue de la Paix 75002 Paris" is understood through its postcode or its last words.
 */
export class OfflineAddressSearch implements AddressSearch {
  readonly source = 'offline' as const;

  async search(query: string, limit: number): Promise<AddressSuggestion[]> {
    const postcode = query.match(/\b(\d{5})\b/)?.[1];
    let communes: Commune[] = [];
    if (postcode) communes = searchCommunes(postcode, limit);
    if (communes.length === 0) {
      // Try the whole text, then fewer and fewer leading words ("rue de la paix paris" → "paris").
      const words = query
        .replace(/\d+/g, ' ')
        .split(/[\s,]+/)
        .filter(Boolean);
      for (let start = 0; start < words.length && communes.length === 0; start += 1) {
        communes = searchCommunes(words.slice(start).join(' '), limit);
      }
    }
    const items: AddressSuggestion[] = [];
    for (const c of communes) {
      const codes = postcode && c.codesPostaux.includes(postcode) ? [postcode] : c.codesPostaux;
      for (const cp of codes) items.push(toSuggestion(c, cp));
    }
    return items.slice(0, limit);
  }
}
