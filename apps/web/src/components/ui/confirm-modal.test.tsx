// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { ApiError } from '../../lib/api-client';
import { renderWithProviders } from '../../testing/render';
import { ConfirmModal } from './confirm-modal';
import { ReasonModal } from './reason-modal';

function Delete({ onConfirm, error = null, pending = false }: { onConfirm: () => void; error?: unknown; pending?: boolean }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Supprimer le devis</Button>
      <ConfirmModal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Supprimer ce devis ?"
        confirmLabel="Supprimer"
        onConfirm={onConfirm}
        error={error}
        pending={pending}
        confirmTestId="delete-confirm"
      >
        <Text>Le brouillon disparaît.</Text>
      </ConfirmModal>
    </>
  );
}

describe('ConfirmModal', () => {
  it('is a dialog named by its title that acts only on confirmation, and Escape gives the focus back', async () => {
    const confirm = vi.fn();
    renderWithProviders(<Delete onConfirm={confirm} />);
    const opener = screen.getByRole('button', { name: 'Supprimer le devis' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer ce devis ?' });
    expect(dialog.textContent).toContain('Le brouillon disparaît.');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    // The focus trap: tabbing past the last button comes back inside the dialog.
    for (let i = 0; i < 4; i += 1) await userEvent.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(confirm).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(opener));
    await userEvent.click(opener);
    await userEvent.click(await screen.findByTestId('delete-confirm'));
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it('keeps the failure inside the open dialog, with « Annuler » and a labelled close button', async () => {
    renderWithProviders(<Delete onConfirm={() => {}} error={new ApiError('Ce devis a déjà été envoyé.', 409, 'CONFLICT')} />);
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer le devis' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('[role="alert"]')?.textContent).toContain('Ce devis a déjà été envoyé.');
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeTruthy();
  });

  it('reads right to left in Arabic, with the texts translated', async () => {
    renderWithProviders(<Delete onConfirm={() => {}} />, { lng: 'ar' });
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer le devis' }));
    await screen.findByRole('dialog');
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.queryByRole('button', { name: 'Annuler' })).toBeNull();
    expect(screen.getByRole('button', { name: 'إلغاء' })).toBeTruthy();
  });
});

describe('ReasonModal', () => {
  function Refuse({ onConfirm, error = null }: { onConfirm: (reason: string) => void; error?: unknown }) {
    return (
      <ReasonModal
        opened
        onClose={() => {}}
        title="Refuser le devis"
        label="Motif du refus"
        description="Entre 10 et 500 caractères."
        required
        min={10}
        max={500}
        tooShortMessage="Le motif doit compter au moins 10 caractères."
        confirmLabel="Refuser"
        pending={false}
        error={error}
        onConfirm={onConfirm}
        testId="refuse"
      />
    );
  }

  it('puts the focus in the reason, refuses one too short, and confirms the trimmed reason', async () => {
    const confirm = vi.fn();
    renderWithProviders(<Refuse onConfirm={confirm} />);
    const field = await screen.findByRole('textbox', { name: /Motif du refus/ });
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute('maxlength')).toBe('500');
    await userEvent.type(field, '  court ');
    await userEvent.click(screen.getByTestId('refuse-confirm'));
    expect(confirm).not.toHaveBeenCalled();
    expect(screen.getByText('Le motif doit compter au moins 10 caractères.')).toBeTruthy();
    await userEvent.type(field, 'et trop cher');
    expect(screen.queryByText('Le motif doit compter au moins 10 caractères.')).toBeNull();
    await userEvent.click(screen.getByTestId('refuse-confirm'));
    expect(confirm).toHaveBeenCalledWith('court et trop cher');
  });

  it('puts the API’s refusal of the reason under the field, any other above the buttons', async () => {
    const fieldRefusal = new ApiError('Données invalides.', 400, 'VALIDATION', { reason: 'Le motif est trop long.' });
    const { unmount } = renderWithProviders(<Refuse onConfirm={() => {}} error={fieldRefusal} />);
    expect((await screen.findByRole('textbox', { name: /Motif du refus/ })).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Le motif est trop long.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();
    renderWithProviders(<Refuse onConfirm={() => {}} error={new ApiError('Ce devis n’attend plus de réponse.', 409, 'CONFLICT')} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Ce devis n’attend plus de réponse.');
  });
});
