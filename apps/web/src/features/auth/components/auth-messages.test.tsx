// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import LoginScreen from './login-screen';
import ResetPasswordScreen from './reset-password-screen';

/**
 * The API's confirmation and the e-mail rule's refusal travel as codes the web translates
 * (decision 1206): in English and Arabic, no French sentence of the server shows.
 */
const FRENCH_ANSWER = 'Si un compte existe pour cette adresse, un e-mail contenant un lien de réinitialisation vient de lui être envoyé.';

vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: async () => ({ notice: 'PASSWORD_LINK_SENT', message: FRENCH_ANSWER }),
}));
vi.mock('../../../lib/auth', () => ({
  useCurrentUser: () => null,
  login: async () => {
    throw new ApiError(
      'Certains champs sont invalides.',
      400,
      'VALIDATION',
      { email: "L'adresse e-mail n'est pas valide." },
      {},
      {
        email: { code: 'EMAIL_INVALID', params: {} },
      },
    );
  },
}));

const FRENCH = /adresse|réinitialisation|valide\b|Certains/;

describe('auth messages in the reader’s language', () => {
  it.each([
    ['en', 'If an account exists for this address'],
    ['ar', 'إذا كان هناك حساب'],
    ['fr', 'Si un compte existe'],
  ] as const)('the reset confirmation in %s', async (lng, expected) => {
    renderWithProviders(<ResetPasswordScreen />, { lng, route: '/reset-password' });
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'zoe@exemple.fr' } });
    fireEvent.submit(screen.getByRole('textbox').closest('form')!);
    const sent = await screen.findByTestId('reset-sent');
    expect(sent.textContent).toContain(expected);
    if (lng !== 'fr') expect(sent.textContent).not.toMatch(FRENCH);
  });

  it.each([
    ['en', 'The e-mail address is not valid.'],
    ['ar', 'البريد الإلكتروني غير صالح.'],
  ] as const)('the login e-mail refusal in %s', async (lng, expected) => {
    renderWithProviders(<LoginScreen />, { lng, route: '/login' });
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'pas-un-mail' } });
    fireEvent.submit(screen.getByRole('textbox').closest('form')!);
    expect(await screen.findByText(expected)).toBeTruthy();
    expect(document.body.textContent).not.toContain("L'adresse e-mail n'est pas valide.");
  });
});
