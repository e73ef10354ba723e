// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectDto } from '@ouvrage/contracts';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import { ProjectEditModal } from './project-edit-modal';

/**
 * Editing a waiting project on the one form mechanism (decision 1140): the journey's own rules and
 * sentences before sending, the surfaces typed the French way sent as numbers, the API's refusal
 * of a field on that field.
 */

vi.setConfig({ testTimeout: 30_000 });

const api = vi.hoisted(() => ({ calls: [] as unknown[][], answer: null as unknown }));
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: async (...args: unknown[]) => {
    api.calls.push(args);
    if (api.answer instanceof Error) throw api.answer;
    return api.answer;
  },
}));

/** Only what the modal reads of a project. */
const project = {
  id: 5,
  surface: 120,
  surfaceTravaux: 30.5,
  budget: '10k-30k',
  times: 'Dans les 3 mois',
  delai: '6 à 12 mois',
  proprio: 'Propriétaire',
  description: 'Rénovation complète de la salle de bains, carrelage et plomberie.',
  showAdresse: false,
  phone: '+33612345678',
} as unknown as ProjectDto;

const surface = () => screen.getByRole('textbox', { name: 'Surface du bien' }) as HTMLInputElement;
const save = () => userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

describe('ProjectEditModal', () => {
  beforeEach(() => {
    api.calls.length = 0;
    api.answer = project;
  });

  it('refuses a surface that is not a number with the journey’s sentence, and sends nothing', async () => {
    renderWithProviders(<ProjectEditModal project={project} opened onClose={() => {}} />);
    expect((screen.getByRole('textbox', { name: 'Surface concernée par les travaux' }) as HTMLInputElement).value).toBe('30,5');
    fireEvent.change(surface(), { target: { value: 'abc' } });
    await save();
    expect(await screen.findByText('La surface du bien doit être un nombre (ex. : 85 ou 85,5).')).toBeTruthy();
    expect(surface().getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);
  });

  it('sends the surfaces as numbers and closes', async () => {
    const onClose = vi.fn();
    renderWithProviders(<ProjectEditModal project={project} opened onClose={onClose} />);
    fireEvent.change(surface(), { target: { value: '95,5' } });
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((api.calls[0][1] as { body: unknown }).body).toMatchObject({ surface: 95.5, surfaceTravaux: 30.5, budget: '10k-30k', showAdresse: false });
  });

  it('shows the API’s refusal of a field on it, and another refusal in the alert', async () => {
    const message = 'La surface des travaux ne peut pas dépasser la surface du bien.';
    api.answer = new ApiError(message, 400, 'VALIDATION_FAILED', { surfaceTravaux: message });
    const { unmount } = renderWithProviders(<ProjectEditModal project={project} opened onClose={() => {}} />);
    await save();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();
    api.answer = new ApiError('Le projet ne peut plus être modifié : il a été validé.', 409, 'PROJECT_STATE');
    renderWithProviders(<ProjectEditModal project={project} opened onClose={() => {}} />);
    await save();
    expect((await screen.findByRole('alert')).textContent).toContain('ne peut plus être modifié');
  });
});
