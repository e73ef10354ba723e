// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import { ContractUploadModal } from './contract-upload-modal';

/**
 * The contract upload on the one form mechanism (decision 1140): the title, the signers and the PDF
 * checked before the file leaves, with the contract's sentences; the signers' rows left empty are
 * not sent; the API's refusal of a signer lands on that signer's field.
 */

vi.setConfig({ testTimeout: 30_000 });

const api = vi.hoisted(() => ({ uploads: [] as FormData[], answer: null as unknown }));
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: async () => [],
  uploadToEndpoint: async (_route: unknown, _params: unknown, form: FormData, onProgress: (percent: number) => void) => {
    api.uploads.push(form);
    onProgress(100);
    if (api.answer instanceof Error) throw api.answer;
    return api.answer;
  },
}));

const pdf = () => new File(['%PDF-1.7'], 'contrat.pdf', { type: 'application/pdf' });
const typeIn = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const chooseFile = () => fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [pdf()] } });
const submit = () => userEvent.click(screen.getByTestId('contract-submit'));

describe('ContractUploadModal', () => {
  beforeEach(() => {
    api.uploads.length = 0;
    api.answer = { id: 3 };
  });

  it('says what is missing before sending anything: the title, a signer, the PDF', async () => {
    renderWithProviders(<ContractUploadModal opened onClose={() => {}} withProjects={false} />);
    await submit();
    expect(await screen.findByText('Le titre est obligatoire.')).toBeTruthy();
    expect(screen.getByText('Ajoutez au moins un signataire.')).toBeTruthy();
    expect(screen.getByText('Choisissez le contrat (PDF).')).toBeTruthy();
    typeIn('signer-name-0', 'Julie Bernard');
    typeIn('signer-email-0', 'julie.bernard');
    await submit();
    expect(await screen.findByText("L'adresse e-mail n'est pas valide.")).toBeTruthy();
    expect(api.uploads).toHaveLength(0);
  });

  it('says why « Ajouter un signataire » is disabled at ten signers; the only signer has no « Retirer » (issue 36 §6)', async () => {
    renderWithProviders(<ContractUploadModal opened onClose={() => {}} withProjects={false} />);
    expect(screen.queryByRole('button', { name: /Retirer le signataire 1/i })).toBeNull();
    const add = screen.getByTestId('add-signer');
    for (let i = 1; i < 10; i++) await userEvent.click(add);
    expect(add).toHaveProperty('disabled', true);
    const why = screen.getByTestId('disabled-reason');
    expect(why.textContent).toBe('10 signataires au plus par contrat.');
    expect(add.getAttribute('aria-describedby')).toBe(why.id);
  });

  it('sends the title trimmed and the filled signers only, then closes', async () => {
    const onClose = vi.fn();
    renderWithProviders(<ContractUploadModal opened onClose={onClose} withProjects={false} />);
    typeIn('contract-title', '  Contrat de maîtrise d’œuvre  ');
    typeIn('signer-name-0', 'Julie Bernard');
    typeIn('signer-email-0', 'julie.bernard@exemple.fr');
    await userEvent.click(screen.getByTestId('add-signer'));
    chooseFile();
    await submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const form = api.uploads[0];
    expect(form.get('title')).toBe('Contrat de maîtrise d’œuvre');
    expect(JSON.parse(form.get('signers') as string)).toEqual([{ name: 'Julie Bernard', email: 'julie.bernard@exemple.fr' }]);
    expect((form.get('file') as File).name).toBe('contrat.pdf');
  });

  it('puts the API’s refusal of a signer on that field, and a refusal of the file in the alert when it has no field', async () => {
    const message = 'Le nom compte au plus 120 caractères.';
    api.answer = new ApiError(message, 400, 'VALIDATION_FAILED', { 'signers.0.name': message });
    const { unmount } = renderWithProviders(<ContractUploadModal opened onClose={() => {}} withProjects={false} />);
    typeIn('contract-title', 'Contrat');
    typeIn('signer-name-0', 'Julie Bernard');
    typeIn('signer-email-0', 'julie.bernard@exemple.fr');
    chooseFile();
    await submit();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByTestId('signer-name-0').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();
    api.answer = new ApiError('Ce fichier n’est pas un PDF lisible.', 415, 'UNSUPPORTED_FILE');
    renderWithProviders(<ContractUploadModal opened onClose={() => {}} withProjects={false} />);
    typeIn('contract-title', 'Contrat');
    typeIn('signer-name-0', 'Julie Bernard');
    typeIn('signer-email-0', 'julie.bernard@exemple.fr');
    chooseFile();
    await submit();
    expect((await screen.findByRole('alert')).textContent).toContain('Ce fichier n’est pas un PDF lisible.');
  });
});
