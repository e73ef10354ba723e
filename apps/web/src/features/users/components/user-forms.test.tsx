// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userRoutes, type AccountListItem } from '@ouvrage/contracts';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import NewUserScreen from './new-user-screen';
import ClientsScreen, { EditUserModal } from './clients-screen';

/**
 * The admin's user forms on the one mechanism (decision 1140): the contract's rules and sentences
 * before sending, what is sent, the API's refusals on their field; the client's deletion asks in
 * the one confirm dialog and keeps its failure there (decision 1150).
 */

vi.setConfig({ testTimeout: 30_000 });

const api = vi.hoisted(() => ({ calls: [] as Array<{ path: string; input: unknown }>, answers: new Map<string, unknown>() }));
vi.mock('../../../lib/endpoint-client', () => ({
  serializeQuery: (query: unknown) => JSON.stringify(query),
  callEndpoint: async (route: { path: string }, input: unknown) => {
    api.calls.push({ path: route.path, input });
    const answer = api.answers.get(route.path);
    if (answer instanceof Error) throw answer;
    return answer;
  },
}));

const bodyOf = (path: string) => (api.calls.find((c) => c.path === path)?.input as { body?: unknown } | undefined)?.body;
const field = (name: RegExp | string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const typeIn = (name: RegExp | string, value: string) => fireEvent.change(field(name), { target: { value } });

const client: AccountListItem = {
  id: 9,
  civility: 'Mme',
  firstname: 'Julie',
  lastname: 'Bernard',
  email: 'julie.bernard@exemple.fr',
  phone: '+33612345678',
  user_type: 'client',
  is_validate: 'Validé',
  created_at: '2026-11-20T10:00:00Z',
  company: null,
  client_company: null,
};

beforeEach(() => {
  api.calls.length = 0;
  api.answers.clear();
});

describe('NewUserScreen', () => {
  it('says what is missing with the API’s sentences, and sends nothing', async () => {
    renderWithProviders(<NewUserScreen />);
    await userEvent.click(screen.getByRole('button', { name: 'Créer le compte' }));
    expect(await screen.findByText('Le prénom est obligatoire.')).toBeTruthy();
    expect(screen.getByText('Le nom est obligatoire.')).toBeTruthy();
    expect(screen.getByText("L'adresse e-mail est obligatoire.")).toBeTruthy();
    expect(field(/^Prénom/).getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);
  });

  it('creates the account (no phone, no company for a client) and starts again empty', async () => {
    api.answers.set(userRoutes.createUser.path, {
      id: 30,
      email: 'marie.curie@exemple.fr',
      user_type: 'client',
      is_validate: 'Validé',
      message: 'Compte créé : un lien a été envoyé à marie.curie@exemple.fr.',
    });
    renderWithProviders(<NewUserScreen />);
    typeIn(/^Prénom/, 'Marie');
    typeIn(/^Nom/, 'Curie');
    typeIn(/^E-mail/, 'marie.curie@exemple.fr');
    await userEvent.click(screen.getByRole('button', { name: 'Créer le compte' }));
    expect((await screen.findByTestId('user-created')).textContent).toContain('marie.curie@exemple.fr');
    expect(bodyOf(userRoutes.createUser.path)).toEqual({
      user_type: 'client',
      civility: null,
      firstname: 'Marie',
      lastname: 'Curie',
      email: 'marie.curie@exemple.fr',
      phone: null,
      raison_sociale: null,
    });
    expect(field(/^Prénom/).value).toBe('');
  });

  it('puts the API’s refusal of the e-mail on the e-mail field, translated', async () => {
    const message = 'Un autre compte utilise déjà cette adresse e-mail.';
    api.answers.set(userRoutes.createUser.path, new ApiError(message, 409, 'EMAIL_TAKEN', { email: message }));
    renderWithProviders(<NewUserScreen />, { lng: 'en' });
    typeIn(/^First name/, 'Marie');
    typeIn(/^Last name/, 'Curie');
    typeIn(/^E-mail/, 'admin@ouvrage.test');
    await userEvent.click(screen.getByRole('button', { name: 'Create the account' }));
    expect(await screen.findByText('Another account already uses this e-mail address.')).toBeTruthy();
    expect(field(/^E-mail/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('EditUserModal', () => {
  it('refuses an invalid e-mail before sending, then sends the changes with the account’s id', async () => {
    api.answers.set(userRoutes.modifyUser.path, { message: 'ok' });
    const onClose = vi.fn();
    renderWithProviders(<EditUserModal user={client} onClose={onClose} />);
    typeIn(/^E-mail/, 'julie.bernard');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("L'adresse e-mail n'est pas valide.")).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    typeIn(/^E-mail/, 'julie@exemple.fr');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodyOf(userRoutes.modifyUser.path)).toMatchObject({ id: 9, civility: 'Mme', firstname: 'Julie', lastname: 'Bernard', email: 'julie@exemple.fr' });
  });
});

describe('ClientsScreen deletion', () => {
  it('asks in a dialog and keeps the failure in it', async () => {
    api.answers.set(userRoutes.listUsers.path, { items: [client], total: 1, total_capped: false, page: 1, per_page: 20 });
    api.answers.set(userRoutes.deleteClient.path, new ApiError('Seuls les comptes clients peuvent être supprimés ici.', 409, 'NOT_A_CLIENT'));
    renderWithProviders(<ClientsScreen />, { route: '/gestion-user/list' });
    await screen.findByText('julie.bernard@exemple.fr');
    await userEvent.click(within(screen.getByTestId('clients-table')).getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer le client' });
    expect(dialog.textContent).toContain('Supprimer le compte de Julie Bernard ?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Seuls les comptes clients peuvent être supprimés ici.');
    expect(screen.getByRole('dialog', { name: 'Supprimer le client' })).toBeTruthy();
  });
});
