import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notificationRoutes, type EndpointInput, type RouteEndpoint } from '@ouvrage/contracts';
import { sanitizeLanguageCode } from '@ouvrage/domain';
import { callEndpoint } from '../../../lib/endpoint-client';
import { notificationKeys } from './notifications';

/** `GET api/notifications/preferences`: my language and my e-mail choice per kind. */
export function useNotificationSettings() {
  return useQuery({ queryKey: notificationKeys.settings, queryFn: () => callEndpoint(notificationRoutes.settings) });
}

type SettingsBody = EndpointInput<RouteEndpoint<typeof notificationRoutes.saveSettings>>['body'];

/** `PATCH api/notifications/preferences`. */
export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsBody) => callEndpoint(notificationRoutes.saveSettings, { body }),
    onSuccess: (data) => client.setQueryData(notificationKeys.settings, data),
  });
}

/**
 * When the user switches the interface language, their e-mails follow (saved to the API). Mounted
 * once for a logged-in user (by the notification centre of the top bar).
 */
export function useSaveLanguageOnSwitch(enabled: boolean) {
  const { i18n } = useTranslation();
  const save = useSaveNotificationSettings();
  const { mutate } = save;
  useEffect(() => {
    if (!enabled) return undefined;
    const onChange = (lng: string) => {
      const language = sanitizeLanguageCode(lng);
      if (language) mutate({ language });
    };
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [enabled, i18n, mutate]);
}
