import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { ApiError } from './api-client';
import { translateError } from './use-error-message';

async function instance(lng: string) {
  const t = i18n.createInstance();
  await t.init({
    lng,
    fallbackLng: 'fr',
    resources: {
      en: { translations: { errors: { STATE_TRANSITION: 'A “{{from}}” project can only move to {{allowed}}, not to “{{to}}”.', generic: 'Something went wrong.' } } },
      fr: { translations: { errors: { STATE_TRANSITION: 'x', generic: 'Erreur.' } } },
    },
    defaultNS: 'translations',
    interpolation: { escapeValue: false },
  });
  return t;
}

describe('error messages', () => {
  const error = new ApiError("Un projet « Validé » ne peut passer qu'à « En consultation », pas à « En cours ».", 409, 'STATE_TRANSITION', {}, { from: 'Validé', to: 'En cours', allowed: 'En consultation' });

  it('translates a business refusal with its parameters outside French', async () => {
    expect(translateError(await instance('en'), error)).toBe('A “Validé” project can only move to En consultation, not to “En cours”.');
  });

  it('keeps the server’s French sentence in French, and for codes without a translation', async () => {
    expect(translateError(await instance('fr'), error)).toBe(error.message);
    expect(translateError(await instance('en'), new ApiError('Phrase précise.', 409, 'UNKNOWN_CODE'))).toBe('Phrase précise.');
  });
});
