import type { AddressSuggestion } from '@ouvrage/contracts';
import { GeoplateformeAddressSearch } from './geoplateforme';
import { OfflineAddressSearch } from './offline';
import type { AddressSearch } from './types';

export type { AddressSearch } from './types';
export { GeoplateformeAddressSearch } from './geoplateforme';
export { OfflineAddressSearch } from './offline';

/**
 * The real geocoder when ADDRESS_API_URL is set; when it fails or times out, the offline
 * dataset answers instead so the journey never blocks on a third-party service.
 */
export function createAddressSearch(options: { baseUrl?: string; onFallback?: (error: unknown) => void }) {
  const offline = new OfflineAddressSearch();
  const remote: AddressSearch | undefined = options.baseUrl ? new GeoplateformeAddressSearch(options.baseUrl) : undefined;
  return {
    async search(query: string, limit: number): Promise<{ source: AddressSearch['source']; items: AddressSuggestion[] }> {
      if (remote) {
        try {
          return { source: remote.source, items: await remote.search(query, limit) };
        } catch (error) {
          options.onFallback?.(error);
        }
      }
      return { source: offline.source, items: await offline.search(query, limit) };
    },
  };
}
