// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userRoutes, type IdentityCheck } from '@ouvrage/contracts';
import type { ProfessionalInfo } from '../../professionals';
import { renderWithProviders } from '../../../testing/render';
import { ProDecisionCards } from './pro-decision';

/** Validating a professional whose every identity check failed asks first (issue 36 §6). */
vi.setConfig({ testTimeout: 30_000 });

const api = vi.hoisted(() => ({ calls: [] as Array<{ path: string; input: unknown }>, answers: new Map<string, unknown>() }));
vi.mock('../../../lib/endpoint-client', () => ({
  serializeQuery: (query: unknown) => JSON.stringify(query),
  callEndpoint: async (route: { path: string }, input: unknown) => {
    api.calls.push({ path: route.path, input });
    return api.answers.get(route.path);
  },
}));

const info = {
  user: { id: 5, firstname: 'Paul', lastname: 'Durand', is_validate: 'En attente', validation_reason: null },
  legal: { raison_sociale: 'Durand Bâtiment' },
} as unknown as ProfessionalInfo;

const failed: IdentityCheck = {
  siret_valid: false,
  registry_available: true,
  registry_found: false,
  registry_active: false,
  registry_name: null,
  name_matches: false,
  decennale_required: true,
  decennale_valid: false,
  rc_pro_valid: false,
  profile_complete: false,
  ok: false,
  checked_at: '2026-12-01T09:00:00Z',
};

const validations = () => api.calls.filter((c) => c.path === userRoutes.validateProfessional.path);

beforeEach(() => {
  api.calls.length = 0;
  api.answers.clear();
  api.answers.set(userRoutes.validateProfessional.path, { message: 'Compte validé.' });
});

async function runCheck(result: IdentityCheck) {
  api.answers.set(userRoutes.checkProfessional.path, result);
  await userEvent.click(screen.getByRole('button', { name: 'Lancer le contrôle' }));
  await screen.findByTestId('identity-result');
}

describe('ProDecisionCards', () => {
  it('asks before validating a professional whose every check failed, saying so; cancelling sends nothing', async () => {
    renderWithProviders(<ProDecisionCards userId={5} info={info} />);
    await runCheck(failed);
    await userEvent.click(screen.getByRole('button', { name: 'Valider le compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Valider Durand Bâtiment malgré des contrôles tous en échec ?' });
    expect(dialog.textContent).toContain("Aucun des contrôles d'identité n'est satisfaisant");
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(validations()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Valider le compte' }));
    await userEvent.click(await screen.findByTestId('validate-anyway'));
    await waitFor(() => expect(validations()).toHaveLength(1));
    expect(validations()[0].input).toEqual({ params: { id: 5 }, body: { is_validate: 'Validé', reason: null } });
  });

  it('in Arabic too', async () => {
    renderWithProviders(<ProDecisionCards userId={5} info={info} />, { lng: 'ar' });
    api.answers.set(userRoutes.checkProfessional.path, failed);
    await userEvent.click(screen.getByRole('button', { name: 'بدء التحقق' }));
    await screen.findByTestId('identity-result');
    await userEvent.click(screen.getByRole('button', { name: 'المصادقة على الحساب' }));
    expect(await screen.findByRole('dialog', { name: 'هل تريد المصادقة على Durand Bâtiment رغم فشل جميع عمليات التحقق؟' })).toBeTruthy();
  });

  it('validates at once when a check passed, or when none was run', async () => {
    renderWithProviders(<ProDecisionCards userId={5} info={info} />);
    await userEvent.click(screen.getByRole('button', { name: 'Valider le compte' }));
    await waitFor(() => expect(validations()).toHaveLength(1));
    await runCheck({ ...failed, siret_valid: true });
    await userEvent.click(screen.getByRole('button', { name: 'Valider le compte' }));
    await waitFor(() => expect(validations()).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ProDecisionCards: an account already validated', () => {
  it('says why « Valider le compte » is disabled', () => {
    const valid = { ...info, user: { ...info.user, is_validate: 'Validé' } } as unknown as ProfessionalInfo;
    renderWithProviders(<ProDecisionCards userId={5} info={valid} />);
    const button = screen.getByRole('button', { name: 'Valider le compte' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByTestId('disabled-reason').id);
    expect(screen.getByTestId('disabled-reason').textContent).toBe('Ce compte est déjà validé.');
  });
});
