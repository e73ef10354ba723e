import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';

/**
 * The message to show for a failure: in French, the server's own sentence, which names the exact
 * problem; in another language, the translation of the error's code (generic codes, and business
 * refusals such as `TENDER_CLOSED` with their parameters), else the French sentence as fallback.
 */
export function translateError(i18n: I18n, error: unknown): string {
  if (error instanceof ApiError) {
    const key = `errors.${error.code}`;
    if (i18n.language !== 'fr' && i18n.exists(key)) return i18n.t(key, error.params);
    return error.message || i18n.t('errors.generic');
  }
  return i18n.t('errors.generic');
}

export function useErrorMessage() {
  const { i18n } = useTranslation();
  return (error: unknown): string => translateError(i18n, error);
}

/** Per-field messages from a 400 answer, to show next to the inputs. */
export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fields : {};
}
