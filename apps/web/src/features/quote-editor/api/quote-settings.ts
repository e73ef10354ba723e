import { useQuery } from '@tanstack/react-query';
import { quoteRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

/** Whose settings: the architect's own (`api/devis/parametre`) or the platform's defaults (`admin/devis-option`). */
export type SettingsScope = 'own' | 'platform';

export const quoteSettingsKey = (scope: SettingsScope) => ['quote-settings', scope] as const;

/** `GET api/devis/parametre` or `GET admin/devis-option`. */
export function useQuoteSettings(scope: SettingsScope, enabled = true) {
  return useQuery({
    queryKey: quoteSettingsKey(scope),
    queryFn: () => callEndpoint(scope === 'own' ? quoteRoutes.getSettings : quoteRoutes.getPlatformSettings),
    enabled,
  });
}
