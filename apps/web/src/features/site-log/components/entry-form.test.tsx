// @vitest-environment jsdom
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import { emptyDraft } from '../model/entry-form';
import { EntryForm } from './entry-form';

const api = vi.hoisted(() => ({ upload: vi.fn() }));
vi.mock('../../../lib/endpoint-client', () => ({ uploadToEndpoint: api.upload, callEndpoint: vi.fn() }));

beforeAll(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

const gif = () => new File([new Uint8Array([0x47, 0x49, 0x46, 0x38])], 'anim.gif', { type: 'image/jpeg' });
const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

function fillAndSend(photos: File[]) {
  fireEvent.change(screen.getByTestId('site-log-form-body'), { target: { value: 'Coulage de la dalle.' } });
  fireEvent.change(screen.getByTestId('site-log-form-lot'), { target: { value: 'Gros œuvre' } });
  fireEvent.change(screen.getByTestId('site-log-form-photos'), { target: { files: photos } });
  fireEvent.click(screen.getByTestId('site-log-form-submit'));
}

describe('the entry form', () => {
  it('keeps what was typed when a photo is refused, and says why next to the photos', async () => {
    api.upload.mockReset();
    api.upload.mockRejectedValue(
      new ApiError(
        'La photo « anim.gif » n’est pas une image JPEG, PNG ou WebP.',
        400,
        'SITE_LOG_PHOTO_TYPE',
        { photos: 'La photo « anim.gif » n’est pas une image JPEG, PNG ou WebP.' },
        { name: 'anim.gif' },
      ),
    );
    const onSaved = vi.fn();
    renderWithProviders(<EntryForm projectId={9} initial={emptyDraft(new Date('2026-11-23T10:00:00Z'))} onSaved={onSaved} onCancel={vi.fn()} />);
    fillAndSend([jpeg('dalle.jpg'), gif()]);
    expect((await screen.findByTestId('site-log-form-photos-error')).textContent).toBe('La photo « anim.gif » n’est pas une image JPEG, PNG ou WebP.');
    expect((screen.getByTestId('site-log-form-body') as HTMLTextAreaElement).value).toBe('Coulage de la dalle.');
    expect((screen.getByTestId('site-log-form-lot') as HTMLInputElement).value).toBe('Gros œuvre');
    expect(screen.getByTestId('site-log-form-previews').querySelectorAll('img')).toHaveLength(2);
    expect(onSaved).not.toHaveBeenCalled();
    // What was sent: the fields as text, both photos.
    const form = api.upload.mock.calls[0][2] as FormData;
    expect(form.get('work_date')).toBe('2026-11-23');
    expect(form.get('body')).toBe('Coulage de la dalle.');
    expect(form.getAll('photos').map((f) => (f as File).name)).toEqual(['dalle.jpg', 'anim.gif']);

    // The wrong one removed, sent again: saved.
    api.upload.mockResolvedValue({ id: 31, number: 3 });
    fireEvent.click(screen.getByRole('button', { name: 'Retirer la photo anim.gif' }));
    expect(screen.getByTestId('site-log-form-previews').querySelectorAll('img')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('site-log-form-submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: 31, number: 3 }));
    expect((api.upload.mock.calls[1][2] as FormData).getAll('photos')).toHaveLength(1);
  });

  it('shows a day to come refused next to the day, in Arabic, the text kept', async () => {
    api.upload.mockReset();
    api.upload.mockRejectedValue(
      new ApiError(
        'Le journal consigne des jours passés ou le jour même : le 2026-11-24 est à venir.',
        400,
        'SITE_LOG_FUTURE_DATE',
        {},
        { date: '2026-11-24' },
      ),
    );
    renderWithProviders(<EntryForm projectId={9} initial={{ ...emptyDraft(), work_date: '2026-11-24' }} onSaved={vi.fn()} onCancel={vi.fn()} />, {
      lng: 'ar',
    });
    fillAndSend([]);
    const message = await screen.findByText(/لم يأتِ بعد/);
    expect(message.textContent).toContain('2026-11-24');
    expect(screen.queryByRole('alert', { name: /Erreur/ })).toBeNull();
    expect((screen.getByTestId('site-log-form-body') as HTMLTextAreaElement).value).toBe('Coulage de la dalle.');
  });

  it('sends the weather note only with a stoppage, and a correction names the entry it corrects', async () => {
    api.upload.mockReset();
    api.upload.mockResolvedValue({ id: 40, number: 4 });
    renderWithProviders(
      <EntryForm
        projectId={9}
        initial={{ ...emptyDraft(), corrects_entry_id: 10, weather_stop: true, weather_note: 'Gel.' }}
        correctsNumber={1}
        onSaved={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByTestId('site-log-form-correcting').textContent).toContain('1');
    fillAndSend([]);
    await waitFor(() => expect(api.upload).toHaveBeenCalled());
    const form = api.upload.mock.calls[0][2] as FormData;
    expect(form.get('corrects_entry_id')).toBe('10');
    expect(form.get('weather_stop')).toBe('true');
    expect(form.get('weather_note')).toBe('Gel.');
  });
});
