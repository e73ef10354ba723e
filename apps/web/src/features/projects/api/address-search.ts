import { useQuery } from '@tanstack/react-query';
import type { AddressSuggestion } from '@ouvrage/contracts';
import { api } from '../../../lib/api-client';

/** `GET api/address/search?q=`: Géoplateforme suggestions, or communes when offline. */
export function useAddressSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: ['address', q],
    queryFn: ({ signal }) =>
      api.get<{ source: 'geoplateforme' | 'offline'; items: AddressSuggestion[] }>(`api/address/search?q=${encodeURIComponent(q)}&limit=8`, { anonymous: true, signal }),
    enabled: q.length >= 3,
    staleTime: 5 * 60_000,
  });
}
