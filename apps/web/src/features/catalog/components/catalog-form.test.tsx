// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import { CatalogForm, NO_TRANSLATIONS, type CatalogBody } from './catalog-form';

/** A category's form (its goods linked) as `/gestion-categorie` opens it, its save answering `answer`. */
function CategoryForm({ send, answer }: { send: (body: CatalogBody<'biens'>) => void; answer?: ApiError }) {
  const save = useMutation({
    mutationFn: async (body: CatalogBody<'biens'>) => {
      send(body);
      if (answer) throw answer;
      return body;
    },
  });
  return (
    <CatalogForm
      initial={{ name: '', description: '', icon: '', position: 3, active: true, biens: [], translations: NO_TRANSLATIONS }}
      linkLabel="Biens concernés"
      linkField="biens"
      linkOptions={[
        { value: '7', label: 'Maison' },
        { value: '8', label: 'Appartement' },
      ]}
      error={save.error}
      pending={save.isPending}
      onSubmit={(body) => save.mutate(body)}
    />
  );
}

const typeIn = (name: RegExp, value: string) => fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

describe('CatalogForm (decision 1140)', () => {
  it('checks the contract before sending, then sends the body the API reads: texts trimmed, no icon as none, the goods by id', async () => {
    const send = vi.fn();
    renderWithProviders(<CategoryForm send={send} />);
    typeIn(/^Nom(?! en)/, 'R');
    typeIn(/^Icône/, 'Maison Neuve');
    await submit();
    expect(await screen.findByText('Le nom doit comporter au moins 2 caractères.')).toBeTruthy();
    expect(screen.getByText("Le nom d'icône ne peut contenir que des minuscules, chiffres et tirets.")).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    typeIn(/^Nom(?! en)/, '  Rénovation ');
    typeIn(/^Icône/, ' ');
    typeIn(/^Ordre/, '1a2');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Appartement' }));
    await submit();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0][0]).toEqual({
      name: 'Rénovation',
      description: '',
      translations: { en: { name: '', description: '' }, ar: { name: '', description: '' } },
      icon: null,
      position: 12,
      active: true,
      biens: [8],
    });
  });

  it('sets the server’s field messages on the goods and on a translation', async () => {
    const refused = new ApiError('Données invalides.', 400, 'VALIDATION', { biens: 'Bien invalide.', 'translations.en.name': 'Nom traduit refusé.' });
    renderWithProviders(<CategoryForm send={vi.fn()} answer={refused} />);
    typeIn(/^Nom(?! en)/, 'Rénovation');
    await submit();
    expect(await screen.findByText('Bien invalide.')).toBeTruthy();
    expect(screen.getByText('Nom traduit refusé.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
