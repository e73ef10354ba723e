import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { quoteRoutes, quoteFilePaths, type QuoteSettings } from '@ouvrage/contracts';
import { fetchFileUrl } from '../../../lib/api-client';
import { callEndpoint, uploadToEndpoint } from '../../../lib/endpoint-client';
import { quoteSettingsKey, type SettingsScope } from './quote-settings';

const logoKey = (scope: SettingsScope) => ['quote-settings', scope, 'logo'] as const;

/** `GET api/devis/parametre/logo` (or the platform's) as a blob URL: the image needs the session token. */
export function useQuoteLogoUrl(scope: SettingsScope, hasLogo: boolean, version: string | null) {
  return useQuery({
    queryKey: [...logoKey(scope), version],
    queryFn: () => fetchFileUrl(scope === 'own' ? quoteFilePaths.logo : quoteFilePaths.platformLogo),
    enabled: hasLogo,
    staleTime: Infinity,
  });
}

function useSettingsChanged(scope: SettingsScope) {
  const queryClient = useQueryClient();
  return (settings: QuoteSettings) => {
    queryClient.setQueryData(quoteSettingsKey(scope), settings);
    void queryClient.invalidateQueries({ queryKey: logoKey(scope) });
  };
}

/** `POST api/devis/parametre/logo` (multipart, field `file`), or the platform's. */
export function useUploadQuoteLogo(scope: SettingsScope) {
  const onSuccess = useSettingsChanged(scope);
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return uploadToEndpoint(scope === 'own' ? quoteRoutes.uploadLogo : quoteRoutes.uploadPlatformLogo, undefined, form);
    },
    onSuccess,
  });
}

/** `DELETE api/devis/parametre/logo`, or the platform's. */
export function useDeleteQuoteLogo(scope: SettingsScope) {
  const onSuccess = useSettingsChanged(scope);
  return useMutation({
    mutationFn: () => callEndpoint(scope === 'own' ? quoteRoutes.deleteLogo : quoteRoutes.deletePlatformLogo),
    onSuccess,
  });
}
