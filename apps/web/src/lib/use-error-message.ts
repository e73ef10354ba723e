import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';

/**
 * The message to show for a failure: well-known error codes in the user's language; otherwise the
 * server's own (French) message, which names the exact problem.
 */
export function useErrorMessage() {
  const { t, i18n } = useTranslation();
  return (error: unknown): string => {
    if (error instanceof ApiError) {
      const key = `errors.${error.code}`;
      if (i18n.language !== 'fr' && i18n.exists(key)) return t(key);
      return error.message || t('errors.generic');
    }
    return t('errors.generic');
  };
}

/** Per-field messages from a 400 answer, to show next to the inputs. */
export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fields : {};
}
