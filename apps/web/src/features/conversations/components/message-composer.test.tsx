// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import { MessageComposer } from './message-composer';

const api = vi.hoisted(() => ({ upload: vi.fn() }));
vi.mock('../../../lib/endpoint-client', () => ({ uploadToEndpoint: api.upload, callEndpoint: vi.fn() }));

const pdf = (name: string) => new File([new TextEncoder().encode('%PDF-1.4')], name, { type: 'application/pdf' });
const gif = () => new File([new Uint8Array([0x47, 0x49, 0x46, 0x38])], 'anim.gif', { type: 'image/gif' });
const names = () => screen.queryAllByTestId('composer-file').map((row) => row.textContent);

describe('the message box', () => {
  it('lists the chosen files, keeps text and files when the server refuses, sends the form again without the one removed', async () => {
    api.upload.mockReset();
    api.upload.mockRejectedValueOnce(
      new ApiError('Le fichier « anim.gif » n’est pas accepté : joignez une image JPEG, PNG ou WebP, ou un PDF.', 400, 'MESSAGE_ATTACHMENT_TYPE', undefined, {
        name: 'anim.gif',
      }),
    );
    renderWithProviders(<MessageComposer conversationId={4} />);
    expect(screen.getByTestId('message-file-input').getAttribute('accept')).toBe('image/jpeg,image/png,image/webp,application/pdf');
    fireEvent.change(screen.getByTestId('message-file-input'), { target: { files: [pdf('devis.pdf'), gif()] } });
    expect(names()).toHaveLength(2);
    // No text, but files: the message may be sent.
    fireEvent.click(screen.getByTestId('message-send'));
    await waitFor(() => expect(screen.getByTestId('message-composer').textContent).toContain('Le fichier « anim.gif » n’est pas accepté'));
    expect(names()).toHaveLength(2);
    const form = api.upload.mock.calls[0][2] as FormData;
    expect(form.get('body')).toBe('');
    expect(form.getAll('files').map((f) => (f as File).name)).toEqual(['devis.pdf', 'anim.gif']);

    api.upload.mockResolvedValueOnce({ id: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Retirer anim.gif' }));
    expect(names()).toHaveLength(1);
    fireEvent.click(screen.getByTestId('message-send'));
    await waitFor(() => expect(names()).toHaveLength(0));
    expect((api.upload.mock.calls[1][2] as FormData).getAll('files').map((f) => (f as File).name)).toEqual(['devis.pdf']);
  });

  it('cannot send without text nor file', () => {
    renderWithProviders(<MessageComposer conversationId={4} />);
    expect((screen.getByTestId('message-send') as HTMLButtonElement).disabled).toBe(true);
  });
});
