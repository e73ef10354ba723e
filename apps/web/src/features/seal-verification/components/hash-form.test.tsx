// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SealHashResult } from '@ouvrage/contracts';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import { HashForm } from './hash-form';

/** The pasted SHA-256 (decision 0635), through the one form mechanism (decision 1140). */
const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/endpoint-client', () => ({ callEndpoint: call }));

const sha = 'a'.repeat(64);
const notFound: SealHashResult = { sha256: sha, found: false, record: null, message: '…' };

const field = () => screen.getByRole('textbox', { name: /Empreinte SHA-256/ }) as HTMLInputElement;
const search = () => userEvent.click(screen.getByRole('button', { name: 'Rechercher l’empreinte' }));

describe('HashForm', () => {
  beforeEach(() => {
    call.mockReset();
    call.mockResolvedValue(notFound);
  });

  it('says on the field, in the page’s language, that a fingerprint has 64 characters, and asks nothing', async () => {
    renderWithProviders(<HashForm />, { lng: 'en' });
    fireEvent.change(screen.getByRole('textbox', { name: /SHA-256/ }), { target: { value: '1234' } });
    await userEvent.click(screen.getByRole('button', { name: /fingerprint/i }));
    expect(await screen.findByText('A SHA-256 fingerprint has 64 hexadecimal characters (0-9, a-f).')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /SHA-256/ }).getAttribute('aria-invalid')).toBe('true');
    expect(call).not.toHaveBeenCalled();
  });

  it('looks a fingerprint up, spaces around it ignored, and clears the last answer when the next one is refused', async () => {
    renderWithProviders(<HashForm />);
    fireEvent.change(field(), { target: { value: `  ${sha.toUpperCase()} ` } });
    await search();
    expect(await screen.findByText('Aucun document signé sur Ouvrage n’a cette empreinte')).toBeTruthy();
    expect(call.mock.calls[0][1]).toEqual({ params: { sha256: sha.toUpperCase() } });
    fireEvent.change(field(), { target: { value: 'zz' } });
    await search();
    expect(await screen.findByText('Une empreinte SHA-256 compte 64 caractères hexadécimaux (0-9, a-f).')).toBeTruthy();
    expect(screen.queryByText('Aucun document signé sur Ouvrage n’a cette empreinte')).toBeNull();
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('puts the API’s field message on the field and a refusal without fields in the alert', async () => {
    call.mockRejectedValueOnce(new ApiError('Données invalides.', 400, 'VALIDATION', { sha256: 'Empreinte refusée par le serveur.' }));
    renderWithProviders(<HashForm />);
    fireEvent.change(field(), { target: { value: sha } });
    await search();
    expect(await screen.findByText('Empreinte refusée par le serveur.')).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    call.mockRejectedValueOnce(new ApiError('Trop de demandes, réessayez dans une minute.', 429, 'RATE_LIMITED'));
    await search();
    expect((await screen.findByRole('alert')).textContent).toMatch(/réessay/);
  });
});
