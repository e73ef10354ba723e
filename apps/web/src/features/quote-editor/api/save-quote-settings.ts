import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quoteRoutes, type QuoteSettingsBody } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { quoteSettingsKey, type SettingsScope } from './quote-settings';

/** `PATCH api/devis/parametre` or `PATCH admin/devis-option`. */
export function useSaveQuoteSettings(scope: SettingsScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteSettingsBody) => callEndpoint(scope === 'own' ? quoteRoutes.saveSettings : quoteRoutes.savePlatformSettings, { body }),
    onSuccess: (settings) => queryClient.setQueryData(quoteSettingsKey(scope), settings),
  });
}
