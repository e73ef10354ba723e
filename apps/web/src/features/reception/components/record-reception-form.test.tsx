// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QuoteReception } from '@ouvrage/contracts';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import { parisToday } from '../model/reception-form';
import { RecordReceptionForm } from './record-reception-form';

/**
 * Recording a réception on the one form mechanism (decision 1140): the screen's checks of each
 * reservation after a first try, a photo's type as soon as it is chosen, what is sent, the API's
 * refusal of a reservation's field on that field.
 */

vi.setConfig({ testTimeout: 30_000 });

const api = vi.hoisted(() => ({ calls: [] as unknown[][], photos: [] as unknown[][], answer: null as unknown }));
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: async (...args: unknown[]) => {
    api.calls.push(args);
    if (api.answer instanceof Error) throw api.answer;
    return api.answer;
  },
  uploadToEndpoint: async (...args: unknown[]) => {
    api.photos.push(args);
    return {};
  },
}));

const data = {
  quote_id: 7,
  lots: [
    { index: 0, title: 'Carrelage' },
    { index: 1, title: 'Plomberie' },
  ],
  can_record: true,
  reception: null,
} as QuoteReception;

async function withReservations() {
  renderWithProviders(<RecordReceptionForm data={data} />);
  await userEvent.click(screen.getByText('Avec réserves'));
  return screen.getByTestId('reservation-draft-0');
}

describe('RecordReceptionForm', () => {
  beforeEach(() => {
    api.calls.length = 0;
    api.photos.length = 0;
    api.answer = { reservations: [{ id: 31 }] };
  });

  it('records a réception without reservations at today’s date', async () => {
    renderWithProviders(<RecordReceptionForm data={data} />);
    await userEvent.click(screen.getByTestId('reception-submit'));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect((api.calls[0][1] as { body: unknown }).body).toEqual({ reception_date: parisToday(), reservations: [] });
  });

  it('says the missing lot once sent, not before, and sends nothing', async () => {
    await withReservations();
    expect(screen.queryByText('Choisissez le lot de la réserve.')).toBeNull();
    await userEvent.click(screen.getByTestId('reception-submit'));
    expect(await screen.findByText('Choisissez le lot de la réserve.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a photo that is not an image as soon as it is chosen, and sends nothing', async () => {
    const draft = await withReservations();
    await userEvent.click(screen.getByRole('textbox', { name: /^Lot/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Carrelage', hidden: true }));
    fireEvent.change(screen.getByTestId('reservation-description-0'), { target: { value: 'Joints à reprendre' } });
    const input = draft.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'pv.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('La photo doit être une image JPEG ou PNG.')).toBeTruthy();
    await userEvent.click(screen.getByTestId('reception-submit'));
    expect(api.calls).toHaveLength(0);
  });

  it('sends each reservation’s lot and description, then its photo', async () => {
    const draft = await withReservations();
    await userEvent.click(screen.getByRole('textbox', { name: /^Lot/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Plomberie', hidden: true }));
    fireEvent.change(screen.getByTestId('reservation-description-0'), { target: { value: '  Fuite sous l’évier  ' } });
    const input = draft.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['png'], 'fuite.png', { type: 'image/png' })] } });
    await userEvent.click(screen.getByTestId('reception-submit'));
    await waitFor(() => expect(api.photos).toHaveLength(1));
    expect((api.calls[0][1] as { body: unknown }).body).toEqual({
      reception_date: parisToday(),
      reservations: [{ lot_index: 1, description: 'Fuite sous l’évier' }],
    });
    expect(api.photos[0][1]).toEqual({ id: 31 });
  });

  it('puts the API’s refusal of a reservation’s description on it', async () => {
    const message = 'La description d’une réserve compte au plus 2000 caractères.';
    api.answer = new ApiError(message, 400, 'VALIDATION_FAILED', { 'reservations.0.description': message });
    await withReservations();
    await userEvent.click(screen.getByRole('textbox', { name: /^Lot/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Carrelage', hidden: true }));
    fireEvent.change(screen.getByTestId('reservation-description-0'), { target: { value: 'Joints à reprendre' } });
    await userEvent.click(screen.getByTestId('reception-submit'));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByTestId('reservation-description-0').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
