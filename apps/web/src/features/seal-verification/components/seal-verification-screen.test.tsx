// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SealVerificationResult } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import SealVerificationScreen from './seal-verification-screen';

/** `/verification` (decision 0633): the upload is replaced at the endpoint client's boundary. */
const upload = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/endpoint-client', () => ({ uploadToEndpoint: upload }));

const result: SealVerificationResult = {
  sha256: 'b'.repeat(64),
  verdict: 'modified',
  sealed_by_platform: true,
  unchanged: false,
  covers_whole_file: false,
  signed_at: '2026-11-23T13:02:00.000Z',
  certificate_name: 'Ouvrage — cachet de la plateforme',
  reason: null,
  location: null,
  record: null,
  message: '…',
};

let finish: (value: SealVerificationResult) => void;
beforeEach(() => {
  upload.mockReset();
  upload.mockImplementation((_endpoint, _params, form: FormData, onProgress: (p: number) => void) => {
    expect((form.get('file') as File).name).toBe('devis.pdf');
    onProgress(40);
    return new Promise((resolve) => (finish = resolve));
  });
});

const render = () => renderWithProviders(<SealVerificationScreen />, { route: '/verification' });
const pdf = (size = 10) => new File([new Uint8Array(size)], 'devis.pdf', { type: 'application/pdf' });

describe('/verification', () => {
  it('uploads the chosen PDF, shows the progress, then the verdict card', async () => {
    const user = userEvent.setup();
    const { container } = render();
    await user.upload(container.querySelector('input[type="file"]') as HTMLInputElement, pdf());
    expect(await screen.findByText('Envoi du fichier… 40 %')).toBeTruthy();
    expect(upload).toHaveBeenCalledTimes(1);
    finish(result);
    expect(await screen.findByText('Document modifié après son scellement')).toBeTruthy();
    expect(screen.queryByText(/Envoi du fichier/)).toBeNull();
  });

  it('accepts a file dropped on the zone', async () => {
    render();
    fireEvent.drop(screen.getByTestId('seal-drop-zone'), { dataTransfer: { files: [pdf()] } });
    expect(await screen.findByText('Envoi du fichier… 40 %')).toBeTruthy();
  });

  it('refuses a file over 20 MB without sending it', async () => {
    const user = userEvent.setup();
    const { container } = render();
    await user.upload(container.querySelector('input[type="file"]') as HTMLInputElement, pdf(20 * 1024 * 1024 + 1));
    expect((await screen.findByRole('alert')).textContent).toContain('Le fichier dépasse 20 Mo.');
    expect(upload).not.toHaveBeenCalled();
  });
});
