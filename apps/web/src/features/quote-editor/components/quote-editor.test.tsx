// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QuoteDetail } from '@ouvrage/contracts';
import { REDUCED_TVA_CERTIFICATION } from '@ouvrage/domain';
import { renderWithProviders } from '../../../testing/render';
import { contentBody, emptyLine, newDraft } from '../model/draft';
import { QuoteEditor } from './quote-editor';

vi.mock('../api/update-quote', () => ({ updateQuote: vi.fn(() => new Promise(() => {})) }));
vi.mock('../api/create-quote', () => ({ createQuote: vi.fn(() => new Promise(() => {})) }));

function draft() {
  const d = newDraft({ title: 'Cuisine', clientAddress: null, siteAddress: null, settings: undefined });
  d.lots[0] = { ...d.lots[0], title: 'Électricité', lines: [{ ...emptyLine(), designation: 'Prise', quantity_milli: 2000, unit_price_cents: 5000 }] };
  return d;
}

const detail = (missing: QuoteDetail['missing_mentions']) =>
  ({
    id: 42,
    status: 'Brouillon',
    client: { id: 3, name: 'Jeanne Dupont', email: 'j@e.fr', phone: null, address: null },
    missing_mentions: missing,
    can: { send: true, edit: true },
  }) as unknown as QuoteDetail;

function renderEditor(missing: QuoteDetail['missing_mentions'] = []) {
  const d = draft();
  return renderWithProviders(
    <QuoteEditor
      initialDraft={d}
      savedJson={JSON.stringify(contentBody(d))}
      quoteId={42}
      projectId={9}
      revision={1}
      detail={detail(missing)}
      clientName="Jeanne Dupont"
      readOnly={false}
      onReload={() => {}}
    />,
    { route: '/devis/42/modifier' },
  );
}

describe('QuoteEditor', () => {
  it('recomputes the totals as a price is typed, leaves an option out, and shows the certification at 10 %', async () => {
    renderEditor();
    const user = userEvent.setup();
    expect(screen.getByTestId('total-ttc').textContent).toBe('120,00 €');
    fireEvent.change(screen.getByRole('textbox', { name: 'Prix unitaire HT' }), { target: { value: '62,50' } });
    expect(screen.getByTestId('total-ht').textContent).toBe('125,00 €');
    expect(screen.getByTestId('total-ttc').textContent).toBe('150,00 €');
    expect(screen.queryByTestId('reduced-tva-certification')).toBeNull();

    await user.click(screen.getByRole('textbox', { name: 'TVA' }));
    await user.click(await screen.findByRole('option', { name: '10 %', hidden: true }));
    expect(screen.getByTestId('total-ttc').textContent).toBe('137,50 €');
    expect(screen.getByTestId('reduced-tva-certification').textContent).toContain(REDUCED_TVA_CERTIFICATION);

    await user.click(screen.getByRole('checkbox', { name: /En option/ }));
    expect(screen.getByTestId('total-ht').textContent).toBe('0,00 €');
    expect(screen.getByTestId('total-options').textContent).toBe('125,00 €');
    expect(within(screen.getByTestId('quote-line')).getByTestId('line-total').textContent).toContain('125,00 €');
  });

  it('keeps « Envoyer au client » disabled while a mandatory mention is missing, and lists it with a link to the legal information', () => {
    renderEditor([{ code: 'siret', label: 'le numéro SIRET' }]);
    expect(screen.getByRole('button', { name: 'Envoyer au client' })).toHaveProperty('disabled', true);
    const list = screen.getByTestId('missing-mentions');
    expect(list.textContent).toContain('le numéro SIRET');
    expect(within(list).getByRole('link', { name: "Compléter les informations légales de l'entreprise" }).getAttribute('href')).toBe(
      '/entreprise/information-legale',
    );
  });

  it('asks for confirmation before sending when nothing is missing', async () => {
    renderEditor();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Envoyer au client' }));
    expect(await screen.findByText(/part par e-mail à Jeanne Dupont \(j@e.fr\)/)).toBeTruthy();
  });
});
