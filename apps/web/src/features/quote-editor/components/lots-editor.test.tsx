// @vitest-environment jsdom
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../testing/render';
import { draftTotals, emptyLine, emptyLot, type DraftLot } from '../model/draft';
import { LotsEditor } from './lots-editor';

function Harness({ initial }: { initial: DraftLot[] }) {
  const [lots, setLots] = useState(initial);
  return <LotsEditor lots={lots} totals={draftTotals({ lots, deposit_bp: 0 })} readOnly={false} errors={{}} onChange={setLots} />;
}

const lots = (): DraftLot[] => [
  {
    ...emptyLot('Plomberie'),
    lines: ['Douche', 'Robinet', 'Siphon'].map((designation, i) => ({ ...emptyLine(), designation, unit_price_cents: (i + 1) * 1000 })),
  },
  { ...emptyLot('Peinture'), lines: [{ ...emptyLine(), designation: 'Murs', unit_price_cents: 500 }] },
];

const designations = (lot: HTMLElement) =>
  within(lot)
    .getAllByRole('textbox', { name: /Désignation/ })
    .map((i) => (i as HTMLInputElement).value);

describe('LotsEditor reordering by keyboard', () => {
  it('moves a line down then up with its buttons, keeps focus on the moved line and announces it', async () => {
    renderWithProviders(<Harness initial={lots()} />);
    const user = userEvent.setup();
    const [plumbing] = screen.getAllByTestId('quote-lot');
    expect(designations(plumbing)).toEqual(['Douche', 'Robinet', 'Siphon']);

    // Tab to the button, press Enter: no mouse involved.
    const down = screen.getByRole('button', { name: 'Descendre la ligne « Douche »' });
    down.focus();
    await user.keyboard('{Enter}');
    expect(designations(plumbing)).toEqual(['Robinet', 'Douche', 'Siphon']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Descendre la ligne « Douche »' }));
    expect(screen.getByText('Ligne « Douche » déplacée en position 2.')).toBeTruthy();

    await user.keyboard('{Enter}');
    expect(designations(plumbing)).toEqual(['Robinet', 'Siphon', 'Douche']);
    // At the end « Descendre » is disabled: focus goes to « Monter », which still works.
    expect(screen.getByRole('button', { name: 'Descendre la ligne « Douche »' })).toHaveProperty('disabled', true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Monter la ligne « Douche »' }));
    await user.keyboard(' ');
    expect(designations(plumbing)).toEqual(['Robinet', 'Douche', 'Siphon']);
    // The lot's subtotal is unchanged by an order change; the other lot is untouched.
    // Amounts are isolated left to right inside sentences (for Arabic).
    expect(within(plumbing).getByTestId('lot-subtotal').textContent).toBe('Sous-total HT : \u206660,00 €\u2069');
    expect(designations(screen.getAllByTestId('quote-lot')[1])).toEqual(['Murs']);
  });

  it('moves a whole lot with its lines', async () => {
    renderWithProviders(<Harness initial={lots()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Monter le lot « Peinture »' }));
    const [first, second] = screen.getAllByTestId('quote-lot');
    expect(within(first).getByRole('textbox', { name: /Titre du lot 1/ })).toHaveProperty('value', 'Peinture');
    expect(designations(first)).toEqual(['Murs']);
    expect(designations(second)).toEqual(['Douche', 'Robinet', 'Siphon']);
    expect(screen.getByRole('button', { name: 'Monter le lot « Peinture »' })).toHaveProperty('disabled', true);
  });

  it('adds a free line and a lot, renames and removes', async () => {
    renderWithProviders(<Harness initial={lots()} />);
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Ajouter une ligne libre' })[1]);
    expect(designations(screen.getAllByTestId('quote-lot')[1])).toEqual(['Murs', '']);
    await user.click(screen.getByRole('button', { name: 'Supprimer la ligne « Murs »' }));
    expect(designations(screen.getAllByTestId('quote-lot')[1])).toEqual(['']);
    await user.click(screen.getByRole('button', { name: 'Ajouter un lot' }));
    const title = screen.getByRole('textbox', { name: /Titre du lot 3/ });
    await user.click(title);
    await user.paste('Menuiserie');
    expect(screen.getByRole('button', { name: 'Supprimer le lot « Menuiserie »' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Supprimer le lot « Menuiserie »' }));
    expect(screen.getAllByTestId('quote-lot')).toHaveLength(2);
  });

  it('moves a line by dragging its handle onto a line of another lot (mouse)', () => {
    renderWithProviders(<Harness initial={lots()} />);
    const [plumbing, painting] = screen.getAllByTestId('quote-lot');
    const walls = within(painting).getByTestId('quote-line');
    const handle = within(walls).getByTitle('Glisser pour déplacer la ligne (aussi vers un autre lot)');
    const dataTransfer = { setData() {}, setDragImage() {}, effectAllowed: 'none' };
    fireEvent.dragStart(handle, { dataTransfer });
    fireEvent.dragOver(within(plumbing).getAllByTestId('quote-line')[1], { dataTransfer });
    fireEvent.drop(within(plumbing).getAllByTestId('quote-line')[1], { dataTransfer });
    expect(designations(screen.getAllByTestId('quote-lot')[0])).toEqual(['Douche', 'Murs', 'Robinet', 'Siphon']);
    expect(within(screen.getAllByTestId('quote-lot')[1]).queryAllByTestId('quote-line')).toHaveLength(0);
  });
});
