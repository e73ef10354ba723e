// @vitest-environment jsdom
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, TextInput } from '@mantine/core';
import { ApiError } from '../../lib/api-client';
import { fieldErrors } from '../../lib/use-error-message';
import { renderWithProviders } from '../../testing/render';
import { ErrorAlert } from './error-alert';
import { PasswordRules } from './password-rules';

const REFUSED = new ApiError('Données invalides.', 400, 'VALIDATION', {
  email: "L'adresse e-mail n'est pas valide.",
  password: 'Le mot de passe est trop faible.',
});

/** A form built like the app's: field messages next to the inputs, the general one in the alert only when no field has one. */
function SignUpForm({ answer }: { answer: ApiError }) {
  const [error, setError] = useState<ApiError | null>(null);
  const [password, setPassword] = useState('');
  const fields = fieldErrors(error);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setError(answer);
      }}
    >
      <ErrorAlert error={error && Object.keys(fields).length === 0 ? error : null} />
      <TextInput label="Adresse e-mail" name="email" error={fields.email} />
      <TextInput label="Mot de passe" name="password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={fields.password} />
      <PasswordRules password={password} />
      <Button type="submit">Créer mon compte</Button>
    </form>
  );
}

describe('form errors', () => {
  it('shows each field’s message next to its input, marked invalid, and no general alert', async () => {
    renderWithProviders(<SignUpForm answer={REFUSED} />);
    expect(screen.getByRole('textbox', { name: 'Adresse e-mail' }).getAttribute('aria-invalid')).toBe('false');
    await userEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    const email = screen.getByRole('textbox', { name: 'Adresse e-mail' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    // Mantine ties the message to the input for screen readers.
    expect(document.getElementById(email.getAttribute('aria-describedby')!.split(' ')[0])?.textContent).toBe("L'adresse e-mail n'est pas valide.");
    expect(screen.getByText('Le mot de passe est trop faible.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a refusal without field messages in the alert, with the server’s French sentence', async () => {
    const conflict = new ApiError('Un compte existe déjà avec cette adresse e-mail.', 409, 'CONFLICT');
    renderWithProviders(<SignUpForm answer={conflict} />);
    await userEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(screen.getByRole('alert').textContent).toContain('Un compte existe déjà avec cette adresse e-mail.');
    expect(screen.getByRole('alert').textContent).toContain('Une erreur est survenue');
  });

  it('translates the alert outside French', () => {
    renderWithProviders(<ErrorAlert error={new ApiError('Accès refusé.', 403, 'FORBIDDEN')} />, { lng: 'en' });
    expect(screen.getByRole('alert').textContent).not.toContain('Accès refusé.');
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong');
    expect(screen.getByRole('alert').textContent).toContain('You do not have access to this resource.');
  });

  it('ticks the password rules as the user types', async () => {
    renderWithProviders(<SignUpForm answer={REFUSED} />);
    const rules = screen.getByTestId('password-rules');
    expect(rules.textContent).toContain('Au moins 10 caractères');
    expect(rules.textContent).not.toContain('✓');
    await userEvent.type(screen.getByRole('textbox', { name: 'Mot de passe' }), 'chantier');
    expect(rules.textContent?.match(/✓/g)).toHaveLength(1);
    await userEvent.type(screen.getByRole('textbox', { name: 'Mot de passe' }), 'X2026');
    expect(rules.textContent?.match(/✓/g)).toHaveLength(4);
  });
});
