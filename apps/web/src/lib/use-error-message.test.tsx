import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { ApiError } from './api-client';
import { fieldErrors, translateError } from './use-error-message';

async function instance(lng: string) {
  const t = i18n.createInstance();
  await t.init({
    lng,
    fallbackLng: 'fr',
    resources: {
      en: {
        translations: {
          errors: {
            STATE_TRANSITION: 'A “{{from}}” project can only move to {{allowed}}, not to “{{to}}”.',
            generic: 'Something went wrong.',
            YEAR_OUT_OF_RANGE: 'The year must be between {{min}} and {{max}}.',
            CATEGORY_WITHOUT_GOODS: 'An active category must offer a good.',
          },
        },
      },
      fr: { translations: { errors: { STATE_TRANSITION: 'x', generic: 'Erreur.' } } },
    },
    defaultNS: 'translations',
    interpolation: { escapeValue: false },
  });
  return t;
}

describe('error messages', () => {
  const error = new ApiError(
    "Un projet « Validé » ne peut passer qu'à « En consultation », pas à « En cours ».",
    409,
    'STATE_TRANSITION',
    {},
    { from: 'Validé', to: 'En cours', allowed: 'En consultation' },
  );

  it('translates a business refusal with its parameters outside French', async () => {
    expect(translateError(await instance('en'), error)).toBe('A “Validé” project can only move to En consultation, not to “En cours”.');
  });

  it('keeps the server’s French sentence in French, and for codes without a translation', async () => {
    expect(translateError(await instance('fr'), error)).toBe(error.message);
    expect(translateError(await instance('en'), new ApiError('Phrase précise.', 409, 'UNKNOWN_CODE'))).toBe('Phrase précise.');
  });
});

describe('field messages', () => {
  const year = new ApiError(
    'Certaines informations sont invalides.',
    400,
    'VALIDATION',
    { year: "L'année doit être comprise entre 1900 et 2026.", title: 'Le titre est obligatoire.' },
    {},
    {
      year: { code: 'YEAR_OUT_OF_RANGE', params: { min: 1900, max: 2026 } },
    },
  );

  it('translates a field refused by a domain rule from its code, and keeps the others', async () => {
    expect(fieldErrors(year, await instance('en'))).toEqual({ year: 'The year must be between 1900 and 2026.', title: 'Le titre est obligatoire.' });
    expect(fieldErrors(year, await instance('fr'))).toEqual(year.fields);
  });

  it('translates a business refusal repeated on its field', async () => {
    const message = 'Une catégorie active doit proposer au moins un bien actif.';
    const refused = new ApiError(message, 409, 'CATEGORY_WITHOUT_GOODS', { biens: message });
    expect(fieldErrors(refused, await instance('en'))).toEqual({ biens: 'An active category must offer a good.' });
  });
});
