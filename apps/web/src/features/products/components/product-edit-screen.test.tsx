// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { productRoutes } from '@ouvrage/contracts';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import ProductEditScreen from './product-edit-screen';

/** `/gestion-produit/ajout` through the one form mechanism (decision 1140); the API replaced at the endpoint client. */
const api = vi.hoisted(() => ({ calls: [] as unknown[][], answer: null as Error | null }));
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: async (...args: unknown[]) => {
    api.calls.push(args);
    if (api.answer) throw api.answer;
    return { id: 41, ...((args[1] as { body?: object }).body ?? {}) };
  },
}));

const saves = () => api.calls.filter((c) => c[0] === productRoutes.createProduct);
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

describe('ProductEditScreen, a new product', () => {
  beforeEach(() => {
    api.calls.length = 0;
    api.answer = null;
  });

  it('says what is missing on the fields before sending: the contract’s sentence for the name, « required » for the lot and the price', async () => {
    renderWithProviders(<ProductEditScreen />, { route: '/gestion-produit/ajout' });
    fireEvent.change(screen.getByRole('textbox', { name: /^Nom/ }), { target: { value: 'R' } });
    await submit();
    expect(await screen.findByText('Le nom doit comporter au moins 2 caractères.')).toBeTruthy();
    expect(screen.getAllByText('Ce champ est obligatoire.')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: /Prix unitaire HT/ }).getAttribute('aria-invalid')).toBe('true');
    expect(saves()).toEqual([]);
  });

  it('sends the price in cents and the TVA in basis points, and shows the API’s field message on its field', async () => {
    api.answer = new ApiError('Données invalides.', 400, 'VALIDATION', { reference: 'La référence ne peut pas dépasser 60 caractères.' });
    renderWithProviders(<ProductEditScreen />, { route: '/gestion-produit/ajout' });
    fireEvent.change(screen.getByRole('textbox', { name: /^Nom/ }), { target: { value: 'Robinet thermostatique' } });
    await userEvent.click(screen.getByRole('textbox', { name: /^Lot/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Plomberie', hidden: true }));
    fireEvent.change(screen.getByRole('textbox', { name: /Prix unitaire HT/ }), { target: { value: '1 234,56' } });
    await submit();
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0][1]).toEqual({
      body: { name: 'Robinet thermostatique', reference: '', description: '', lot: 'Plomberie', unit: 'u', unit_price_cents: 123456, tva_rate_bp: 2000 },
    });
    expect(await screen.findByText('La référence ne peut pas dépasser 60 caractères.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^Référence/ }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });
  it('refuses a name over 120 characters with its message instead of cutting it, and flags an empty name (issue 36 §6)', async () => {
    renderWithProviders(<ProductEditScreen />, { route: '/gestion-produit/ajout' });
    const name = screen.getByRole('textbox', { name: /^Nom/ });
    expect(name.getAttribute('maxlength')).toBeNull();
    fireEvent.change(name, { target: { value: 'B'.repeat(130) } });
    await submit();
    expect(await screen.findByText('Le nom compte 130 caractères : 120 au plus.')).toBeTruthy();
    expect((name as HTMLInputElement).value).toHaveLength(130);
    fireEvent.change(name, { target: { value: '   ' } });
    await submit();
    expect(await screen.findByText('Le nom est obligatoire.')).toBeTruthy();
    expect(saves()).toEqual([]);
  });

  it('says it in Arabic too', async () => {
    renderWithProviders(<ProductEditScreen />, { route: '/gestion-produit/ajout', lng: 'ar' });
    fireEvent.change(screen.getByRole('textbox', { name: /^الاسم/ }), { target: { value: 'B'.repeat(121) } });
    await userEvent.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('يتكوّن الاسم من 121 حرفًا، والحد الأقصى 120.')).toBeTruthy();
    expect(saves()).toEqual([]);
  });
});
