import type { AddressSuggestion } from '@ouvrage/contracts';

/** Address search (DESIGN §7): the Géoplateforme geocoder, or the offline communes dataset. */
export interface AddressSearch {
  readonly source: 'geoplateforme' | 'offline';
  search(query: string, limit: number): Promise<AddressSuggestion[]>;
}
