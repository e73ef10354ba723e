// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { updateQuoteBody, type ProductItem, type QuoteDetail, type UpdateQuoteBody } from '@ouvrage/contracts';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import { updateQuote } from '../api/update-quote';
import { contentBody, emptyLine, newDraft } from '../model/draft';
import { QuoteEditor } from './quote-editor';

/**
 * Issue 36 §1 « Work is never lost » (decision 1203). The draft endpoint is stood in for by the
 * contract it validates with: a body the API would refuse is refused here with the API's 400.
 */

const product: ProductItem = {
  id: 77,
  owner_id: 5,
  platform: false,
  editable: true,
  name: 'Évier inox',
  description: 'Bac 80 cm',
  reference: 'EV-1',
  lot: 'Plomberie',
  unit: 'u',
  unit_price_cents: 25_000,
  tva_rate_bp: 1000,
  archived: false,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
};

vi.mock('../../products', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../products')>()),
  useProducts: () => ({ data: { items: [product], total: 1 }, isPending: false, error: null }),
}));
vi.mock('../api/create-quote', () => ({ createQuote: vi.fn(() => new Promise(() => {})) }));
vi.mock('../api/update-quote', () => ({ updateQuote: vi.fn() }));

const detail = {
  id: 42,
  revision: 2,
  status: 'Brouillon',
  client: { id: 3, name: 'Jeanne Dupont', email: null, phone: null, address: null },
  missing_mentions: [],
  can: { send: true, edit: true },
} as unknown as QuoteDetail;

/** The draft endpoint as the API validates it: the contract's schema, a 400 with the fields it names. */
async function contractUpdate(_id: number, body: UpdateQuoteBody): Promise<QuoteDetail> {
  const parsed = updateQuoteBody.safeParse(body);
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
    throw new ApiError('Certaines informations sont invalides.', 400, 'VALIDATION', fields);
  }
  return { ...detail, revision: body.revision + 1 };
}

function start() {
  const d = newDraft({ title: 'Cuisine', clientAddress: null, siteAddress: null, settings: undefined });
  d.lots[0] = { ...d.lots[0], title: 'Électricité', lines: [{ ...emptyLine(), designation: 'Prise', quantity_milli: 2000, unit_price_cents: 5000 }] };
  return d;
}

function editor(d = start()) {
  return (
    <QuoteEditor
      initialDraft={d}
      savedJson={JSON.stringify(contentBody(d))}
      quoteId={42}
      projectId={9}
      revision={2}
      detail={detail}
      clientName="Jeanne Dupont"
      readOnly={false}
      onReload={() => {}}
    />
  );
}

const sentBodies = () => vi.mocked(updateQuote).mock.calls.map(([, body]) => body);
const status = () => screen.getByTestId('autosave-status').textContent ?? '';

beforeEach(() => {
  vi.mocked(updateQuote).mockReset();
  vi.mocked(updateQuote).mockImplementation(contractUpdate);
});

describe('the autosave saves what is typed', () => {
  it('saves the rest of the draft when a field outside the lots is not valid yet, and names that field', async () => {
    const withSite = { ...start(), site_address: { street: '1 rue Neuve', postcode: '69001', city: 'Lyon' } };
    renderWithProviders(editor(withSite), { route: '/devis/42/modifier' });
    const user = userEvent.setup();
    const postcode = within(screen.getByRole('group', { name: 'Adresse du chantier' })).getByLabelText(/Code postal/);
    await user.clear(postcode);
    await user.type(postcode, '690');
    const title = screen.getByLabelText(/Objet du devis/);
    await user.clear(title);
    await user.type(title, 'Cuisine et cellier');

    await waitFor(() => expect(status()).toContain('1 champ à corriger n’est pas enregistré'));
    expect(status()).toContain('Enregistré à');
    expect(screen.queryByText("Le brouillon n'est pas enregistré")).toBeNull();
    const last = sentBodies().at(-1)!;
    expect(last.title).toBe('Cuisine et cellier');
    expect(last.site_address?.postcode).toBe('69001');
    expect(
      within(screen.getByRole('group', { name: 'Adresse du chantier' })).getByText(/code postal/i, { selector: '.mantine-InputWrapper-error, [class*=error]' }),
    ).toBeTruthy();
  });

  it('saves a draft with an empty free line, marks the line and says what is left before sending', async () => {
    renderWithProviders(editor(), { route: '/devis/42/modifier' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Ajouter une ligne libre' }));

    await waitFor(() => expect(status()).toContain('Enregistré à'));
    expect(status()).toContain('1 ligne à compléter avant l’envoi');
    expect(screen.queryByText("Le brouillon n'est pas enregistré")).toBeNull();
    const [saved] = sentBodies();
    expect(saved.lots[0].lines.map((l) => l.designation)).toEqual(['Prise', '']);
    const empty = screen.getAllByTestId('quote-line')[1];
    expect(within(empty).getByText('Indiquez la désignation de la ligne.')).toBeTruthy();
  });

  it('keeps a catalogue line in what is saved beside an empty line, and names the gap in Arabic', async () => {
    renderWithProviders(editor(), { route: '/devis/42/modifier', lng: 'ar' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'إضافة من الكتالوج' }));
    await user.click(await screen.findByRole('button', { name: /Évier inox/ }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'إضافة بند حر' }));

    await waitFor(() => expect(status()).toContain('حُفظ على الساعة'));
    expect(status()).toContain('يجب استكمال بند واحد قبل الإرسال');
    const last = sentBodies().at(-1)!;
    expect(last.lots[0].lines.map((l) => [l.product_id, l.designation, l.unit_price_cents])).toEqual([
      [null, 'Prise', 5000],
      [77, 'Évier inox', 25_000],
      [null, '', 0],
    ]);
  });
});

describe('leaving the editor with changes not saved', () => {
  function inRouter() {
    const router = createMemoryRouter(
      [
        {
          path: '/devis/42/modifier',
          element: (
            <>
              <Link to="/dashboard">Tableau de bord</Link>
              {editor()}
            </>
          ),
        },
        { path: '/dashboard', element: <p>Le tableau de bord</p> },
      ],
      { initialEntries: ['/dashboard', '/devis/42/modifier'], initialIndex: 1 },
    );
    renderWithProviders(<RouterProvider router={router} />);
    return router;
  }

  it('saves on the way out, without a question, when the save succeeds', async () => {
    inRouter();
    const user = userEvent.setup();
    const object = screen.getByRole('textbox', { name: /Objet du devis/ });
    await user.clear(object);
    await user.type(object, 'Cuisine et cellier');
    await user.click(screen.getByRole('link', { name: 'Tableau de bord' }));

    expect(await screen.findByText('Le tableau de bord')).toBeTruthy();
    expect(sentBodies().at(-1)!.title).toBe('Cuisine et cellier');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks « Quitter sans enregistrer ? » when the changes cannot be saved, from a link and from the back button; stay keeps them, leave goes', async () => {
    vi.mocked(updateQuote).mockRejectedValue(new ApiError('Impossible de joindre le serveur.', 0, 'NETWORK'));
    const router = inRouter();
    const user = userEvent.setup();
    const object = screen.getByRole('textbox', { name: /Objet du devis/ });
    await user.type(object, ' (v2)');
    await user.click(screen.getByRole('link', { name: 'Tableau de bord' }));

    const dialog = await screen.findByRole('dialog', { name: 'Quitter sans enregistrer ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Rester sur le devis' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/devis/42/modifier');
    expect((screen.getByRole('textbox', { name: /Objet du devis/ }) as HTMLInputElement).value).toBe('Cuisine (v2)');

    await act(() => router.navigate(-1));
    const again = await screen.findByRole('dialog', { name: 'Quitter sans enregistrer ?' });
    await user.click(within(again).getByRole('button', { name: 'Quitter sans enregistrer' }));
    expect(await screen.findByText('Le tableau de bord')).toBeTruthy();
  });
});
