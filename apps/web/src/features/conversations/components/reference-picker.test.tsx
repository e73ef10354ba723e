// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { DocumentCard } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { MessageComposer } from './message-composer';
import { MessageReferenceCard } from './message-reference-card';

const api = vi.hoisted(() => ({ upload: vi.fn(), call: vi.fn() }));
vi.mock('../../../lib/endpoint-client', () => ({ uploadToEndpoint: api.upload, callEndpoint: api.call }));

const quote: DocumentCard = {
  kind: 'quote',
  id: 12,
  number: 'D-2026-0012',
  title: 'Rénovation de la salle de bains',
  status: 'Envoyé',
  total_ttc_cents: 1_234_56,
  date: '2026-11-20T10:00:00.000Z',
  link: '/devis/12',
};

/** A document of the project in a message (decision 1230 « References »): picked, shown as a chip, sent alone; its card. */
describe('a project document in the message box', () => {
  it('is picked from the project’s documents, shown as a chip, and sent alone as the form’s reference', async () => {
    api.call.mockResolvedValue({ items: [quote] });
    api.upload.mockResolvedValue({ id: 1 });
    renderWithProviders(<MessageComposer conversationId={4} />);
    fireEvent.click(screen.getByTestId('message-reference-pick'));
    fireEvent.click(await screen.findByTestId('reference-option'));
    const chip = screen.getByTestId('composer-reference');
    expect(chip.textContent).toContain('Devis D-2026-0012');
    // Nothing typed, no file: the document alone may be sent.
    expect((screen.getByTestId('message-send') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByTestId('message-send'));
    await waitFor(() => expect(screen.queryByTestId('composer-reference')).toBeNull());
    const form = api.upload.mock.calls[0][2] as FormData;
    expect(JSON.parse(form.get('reference') as string)).toEqual({ kind: 'quote', id: 12 });
  });

  it('the card shows the facts and opens the document; one the reader may not see says so', () => {
    renderWithProviders(
      <MemoryRouter>
        <MessageReferenceCard reference={{ kind: 'quote', id: 12, document: quote }} />
      </MemoryRouter>,
    );
    const card = screen.getByTestId('message-reference');
    expect(card.getAttribute('href')).toBe('/devis/12');
    expect(card.textContent).toContain('Rénovation de la salle de bains');
    expect(card.textContent).toContain('1 234,56');
    renderWithProviders(<MessageReferenceCard reference={{ kind: 'invoice', id: 3, document: null }} />);
    expect(screen.getByText('Document indisponible')).toBeTruthy();
  });
});
