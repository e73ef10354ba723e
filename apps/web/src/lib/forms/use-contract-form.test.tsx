// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { createProfessionalBody, email, phoneField } from '@ouvrage/contracts';
import { ApiError } from '../api-client';
import { ErrorAlert } from '../../components/ui/error-alert';
import { createTestI18n, renderWithProviders } from '../../testing/render';
import { formSchema } from './form-schema';
import { schemaErrors, useContractForm, type FormRules } from './use-contract-form';

const contact = formSchema(z.object({ email, phone: phoneField, headcount: z.number().int() }));
type Contact = { email: string; phone: string; headcount: number | string };
const EMPTY: Contact = { email: '', phone: '', headcount: 2.5 };

/** A form written the one way: values, schema, getInputProps, the mutation's error. */
function ContactForm({ answer, rules, send = vi.fn() }: { answer?: ApiError; rules?: FormRules<Contact>; send?: (values: Contact) => void }) {
  const save = useMutation({
    mutationFn: async (values: Contact) => {
      send(values);
      if (answer) throw answer;
      return values;
    },
  });
  const form = useContractForm({ initialValues: EMPTY, schema: contact, rules, serverError: save.error });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <ErrorAlert error={form.alertError} />
      <TextInput label="E-mail" {...form.getInputProps('email')} />
      <TextInput label="Téléphone" {...form.getInputProps('phone')} />
      <Button type="submit">Enregistrer</Button>
      {save.isSuccess && <p>Enregistré</p>}
    </form>
  );
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const typeIn = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

describe('schema errors', () => {
  it('gives the API’s French sentence per field, the first issue of each field, and `_` for the whole body', () => {
    const i18n = createTestI18n('fr');
    const schema = formSchema(
      z
        .object({ email, phone: phoneField, password: z.string(), confirmation: z.string() })
        .refine((b) => b.password === b.confirmation, { message: 'Les deux mots de passe ne correspondent pas.' }),
    );
    expect(schemaErrors(schema, { email: '', phone: '', password: 'a', confirmation: 'a' }, i18n)).toEqual({
      email: "L'adresse e-mail est obligatoire.",
      phone: 'Le numéro de téléphone est obligatoire.',
    });
    expect(schemaErrors(schema, { email: 'a@b.fr', phone: '06 12 34 56 78', password: 'a', confirmation: 'b' }, i18n)).toEqual({
      _: 'Les deux mots de passe ne correspondent pas.',
    });
    expect(schemaErrors(schema, { email: 'a@b.fr', phone: '06 12 34 56 78', password: 'a', confirmation: 'a' }, i18n)).toEqual({});
  });

  it('reads nested paths the way the API writes them', () => {
    const schema = formSchema(z.object({ lines: z.array(z.object({ label: z.string().min(1, 'Le libellé est obligatoire.') })) }));
    expect(schemaErrors(schema, { lines: [{ label: 'a' }, { label: '' }] }, createTestI18n('fr'))).toEqual({ 'lines.1.label': 'Le libellé est obligatoire.' });
  });

  it('translates a domain refusal’s code in English and Arabic, and keeps the French sentence otherwise', () => {
    const values = { email: '', phone: '12', name: '' };
    const schema = formSchema(z.object({ email, phone: phoneField, name: z.string().min(1, 'Le nom est obligatoire.') }));
    const en = schemaErrors(schema, values, createTestI18n('en'));
    expect(en.phone).toBe('The phone number is not valid (e.g. 06 12 34 56 78 or +44 20 7946 0958).');
    // The e-mail rule carries its code too (decision 1206).
    expect(en.email).toBe('The e-mail address is required.');
    expect(en.name).toBe('Le nom est obligatoire.');
    const ar = createTestI18n('ar');
    expect(schemaErrors(schema, values, ar).phone).toBe(ar.t('errors.PHONE_INVALID'));
    expect(ar.t('errors.PHONE_INVALID')).toMatch(/[\u0600-\u06ff]/);
    // A French sentence without a translated code keeps its reading order in the Arabic page.
    expect(schemaErrors(schema, values, ar).name).toBe('\u2066Le nom est obligatoire.\u2069');
    expect(schemaErrors(schema, values, createTestI18n('fr')).phone).toBe(
      "Le numéro de téléphone n'est pas valide (ex. : 06 12 34 56 78 ou +44 20 7946 0958).",
    );
  });

  it('speaks French for zod’s own checks, as the API does', () => {
    const errors = schemaErrors(formSchema(z.object({ headcount: z.number().int() })), { headcount: 'abc' }, createTestI18n('fr'));
    expect(errors.headcount).toMatch(/^Entrée invalide : nombre attendu/);
  });

  it('checks the sign-up as the API does', () => {
    const errors = schemaErrors(
      formSchema(createProfessionalBody),
      { siret: '', profession_id: null, service_ids: [], accept_terms: false, password: '', password_confirmation: '' },
      createTestI18n('fr'),
    );
    expect(errors).toMatchObject({
      profession_id: 'Choisissez votre métier.',
      firstname: 'Le prénom est obligatoire.',
      accept_terms: "Vous devez accepter les conditions générales d'utilisation.",
      password: 'Le mot de passe doit contenir au moins 10 caractères, une minuscule, une majuscule et un chiffre.',
    });
  });
});

describe('useContractForm', () => {
  it('shows the schema’s messages on the fields on submit, marked invalid, and does not send', async () => {
    const send = vi.fn();
    renderWithProviders(<ContactForm send={send} />);
    await submit();
    expect(field('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText("L'adresse e-mail est obligatoire.")).toBeTruthy();
    expect(screen.getByText('Le numéro de téléphone est obligatoire.')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    // Typing in a field takes its message away.
    await userEvent.type(field('E-mail'), 'a');
    expect(screen.queryByText("L'adresse e-mail est obligatoire.")).toBeNull();
  });

  it('shows the rule’s code translated in Arabic next to the field', async () => {
    renderWithProviders(<ContactForm />, { lng: 'ar' });
    typeIn('Téléphone', '12');
    await submit();
    expect(screen.getByText(createTestI18n('ar').t('errors.PHONE_INVALID'))).toBeTruthy();
  });

  it('lets a domain rule replace the schema’s message, and does not block on a field the form does not show', async () => {
    const send = vi.fn();
    // `headcount` has no input here: its schema message (2.5 is not an integer) must not block.
    renderWithProviders(<ContactForm send={send} rules={(v) => ({ email: v.email.endsWith('.test') ? 'Adresse de test refusée.' : null })} />);
    typeIn('E-mail', 'marie@exemple.test');
    typeIn('Téléphone', '06 12 34 56 78');
    await submit();
    expect(screen.getByText('Adresse de test refusée.')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    typeIn('E-mail', 'marie@exemple.fr');
    await submit();
    expect(send).toHaveBeenCalledWith({ email: 'marie@exemple.fr', phone: '06 12 34 56 78', headcount: 2.5 });
  });

  const fill = async () => {
    typeIn('E-mail', 'marie@exemple.fr');
    typeIn('Téléphone', '06 12 34 56 78');
    await submit();
  };

  it('sets the server’s field errors of a 400 on the fields, without a general alert', async () => {
    const refused = new ApiError(
      'Données invalides.',
      400,
      'VALIDATION',
      { email: 'Cette adresse est réservée.', phone: "Le numéro français n'est pas valide (ex. : 06 12 34 56 78)." },
      {},
      { phone: { code: 'PHONE_FRENCH_INVALID', params: {} } },
    );
    renderWithProviders(<ContactForm answer={refused} />);
    await fill();
    expect(await screen.findByText('Cette adresse est réservée.', undefined, { timeout: 5000 })).toBeTruthy();
    expect(field('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText("Le numéro français n'est pas valide (ex. : 06 12 34 56 78).")).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('translates the server’s field codes in English', async () => {
    const refused = new ApiError(
      'Données invalides.',
      400,
      'VALIDATION',
      { phone: "Le numéro français n'est pas valide (ex. : 06 12 34 56 78)." },
      {},
      { phone: { code: 'PHONE_FRENCH_INVALID', params: {} } },
    );
    renderWithProviders(<ContactForm answer={refused} />, { lng: 'en' });
    await fill();
    expect(await screen.findByText('The French number is not valid (e.g. 06 12 34 56 78).', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('puts a refusal without fields, or with fields the form does not show, in the alert', async () => {
    const hidden = new ApiError('Le lien a expiré.', 400, 'VALIDATION', { token: 'Le lien a expiré.' });
    renderWithProviders(<ContactForm answer={hidden} />);
    await fill();
    expect((await screen.findByRole('alert', undefined, { timeout: 5000 })).textContent).toContain('Le lien a expiré.');
  });

  it('puts a conflict in the alert', async () => {
    renderWithProviders(<ContactForm answer={new ApiError('Un compte existe déjà avec cette adresse e-mail.', 409, 'CONFLICT')} />);
    await fill();
    expect((await screen.findByRole('alert', undefined, { timeout: 5000 })).textContent).toContain('Un compte existe déjà avec cette adresse e-mail.');
  });
});
