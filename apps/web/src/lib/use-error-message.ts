import i18next, { type i18n as I18n } from 'i18next';
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

/**
 * Per-field messages from a 400 answer, to show next to the inputs: the server's French sentences,
 * and in another language the translation of the rule's code where the field carries one (a year
 * out of range, a phone number…).
 */
export function fieldErrors(error: unknown, i18n: I18n = i18next): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  if (!i18n.language || i18n.language === 'fr') return error.fields;
  const fields = { ...error.fields };
  // A business refusal pinned to a field (its sentence repeated there) reads as its translated code.
  const refusal = `errors.${error.code}`;
  if (i18n.exists(refusal)) {
    for (const [field, message] of Object.entries(fields)) if (message === error.message) fields[field] = i18n.t(refusal, error.params);
  }
  for (const [field, { code, params }] of Object.entries(error.fieldCodes)) {
    if (i18n.exists(`errors.${code}`)) fields[field] = i18n.t(`errors.${code}`, params);
  }
  return fields;
}
