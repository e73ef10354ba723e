// @vitest-environment jsdom
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { referenceBody } from '@ouvrage/contracts';
import { formSchema } from '../../lib/forms/form-schema';
import { useContractForm } from '../../lib/forms/use-contract-form';
import { createTestI18n, renderWithProviders } from '../../testing/render';
import { formatCentsInput, MoneyInput, parseEurosToCents } from './money-input';

describe('euros ↔ cents', () => {
  it('reads French amounts into integer cents', () => {
    expect(parseEurosToCents('1 234,56')).toEqual({ ok: true, cents: 123456 });
    expect(parseEurosToCents('1\u202f234,5 €')).toEqual({ ok: true, cents: 123450 });
    expect(parseEurosToCents('0,07')).toEqual({ ok: true, cents: 7 });
    expect(parseEurosToCents('12')).toEqual({ ok: true, cents: 1200 });
    expect(parseEurosToCents('12,')).toEqual({ ok: true, cents: 1200 });
    expect(parseEurosToCents('19.99')).toEqual({ ok: true, cents: 1999 });
    expect(parseEurosToCents('  ')).toEqual({ ok: true, cents: null });
    // No floating point on the way: 0,29 × 100 is 28,999… in binary.
    expect(parseEurosToCents('0,29')).toEqual({ ok: true, cents: 29 });
    expect(parseEurosToCents('99 999 999 999,99')).toEqual({ ok: true, cents: 9999999999999 });
    // Above the domain's ceiling (100 billion euros) the amount is refused, never rounded.
    expect(parseEurosToCents('999 999 999 999,99').ok).toBe(false);
  });

  it('refuses more than two decimals, text and negative amounts unless allowed', () => {
    expect(parseEurosToCents('1,234')).toEqual({ ok: false, reason: 'decimals' });
    expect(parseEurosToCents('12a')).toEqual({ ok: false, reason: 'format' });
    expect(parseEurosToCents('1,2,3')).toEqual({ ok: false, reason: 'format' });
    expect(parseEurosToCents('-5')).toEqual({ ok: false, reason: 'negative' });
    expect(parseEurosToCents('-5,10', { allowNegative: true })).toEqual({ ok: true, cents: -510 });
  });

  it('writes cents back the French way, and the two agree', () => {
    expect(formatCentsInput(123456)).toBe('1 234,56');
    expect(formatCentsInput(5)).toBe('0,05');
    expect(formatCentsInput(100000000)).toBe('1 000 000,00');
    expect(formatCentsInput(-510)).toBe('-5,10');
    expect(formatCentsInput(null)).toBe('');
    for (const cents of [0, 1, 99, 100, 123456, 987654321]) expect(parseEurosToCents(formatCentsInput(cents))).toEqual({ ok: true, cents });
  });
});

function Controlled({ initial = null as number | null, onValue = (_: number | null) => {} }) {
  const [cents, setCents] = useState<number | null>(initial);
  return (
    <>
      <MoneyInput
        label="Prix unitaire HT"
        value={cents}
        onChange={(v) => {
          setCents(v);
          onValue(v);
        }}
      />
      <button type="button" onClick={() => setCents(5000)}>
        Remettre à 50 €
      </button>
    </>
  );
}

describe('MoneyInput', () => {
  it('gives integer cents as the user types, and writes the amount back the French way on blur', async () => {
    const onValue = vi.fn();
    renderWithProviders(<Controlled onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Prix unitaire HT' });
    await userEvent.type(input, '1234,5');
    expect(onValue).toHaveBeenLastCalledWith(123450);
    await userEvent.tab();
    expect((input as HTMLInputElement).value).toBe('1 234,50');
    expect(input.getAttribute('inputmode')).toBe('decimal');
  });

  it('shows the loaded value and follows a value changed from outside', async () => {
    renderWithProviders(<Controlled initial={123456} />);
    const input = screen.getByRole('textbox', { name: 'Prix unitaire HT' }) as HTMLInputElement;
    expect(input.value).toBe('1 234,56');
    await userEvent.click(screen.getByRole('button', { name: 'Remettre à 50 €' }));
    expect(input.value).toBe('50,00');
  });

  it('says what is wrong with a third decimal, keeps the text, and does not change the value', async () => {
    const onValue = vi.fn();
    renderWithProviders(<Controlled onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Prix unitaire HT' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12,345' } });
    expect(screen.getByText('Deux décimales au plus (les centimes).')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.value).toBe('12,345');
    expect(onValue).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '12,34' } });
    expect(screen.queryByText('Deux décimales au plus (les centimes).')).toBeNull();
    expect(onValue).toHaveBeenLastCalledWith(1234);
  });

  it('shows the server’s field error when there is no typing error', () => {
    renderWithProviders(<MoneyInput label="Montant" value={100} onChange={() => {}} error="Le montant dépasse le devis." />);
    expect(screen.getByText('Le montant dépasse le devis.')).toBeTruthy();
  });
});

/** A form of the one mechanism (decision 1140) with the contract of a reference: its amount may not be negative. */
function ReferenceAmount({ onSend }: { onSend: (cents: number | null) => void }) {
  const form = useContractForm({
    initialValues: { title: 'Cuisine', description: '', city: '', year: null as number | null, amount_cents: null as number | null },
    schema: formSchema(referenceBody),
  });
  return (
    <form noValidate onSubmit={form.onSubmit((v) => onSend(v.amount_cents))}>
      <MoneyInput label="Montant des travaux" allowNegative {...form.getInputProps('amount_cents')} />
      <button type="submit">Ajouter</button>
    </form>
  );
}

describe('MoneyInput in a contract form', () => {
  it('refuses a negative amount by itself when negatives are not allowed', () => {
    const onValue = vi.fn();
    renderWithProviders(<Controlled onValue={onValue} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Prix unitaire HT' }), { target: { value: '-5' } });
    expect(screen.getByText('Le montant ne peut pas être négatif.')).toBeTruthy();
    expect(onValue).not.toHaveBeenCalled();
  });

  it('holds the cents of « 1 234,56 » and shows the contract’s rule on a negative amount', async () => {
    const onSend = vi.fn();
    renderWithProviders(<ReferenceAmount onSend={onSend} />);
    const input = screen.getByRole('textbox', { name: 'Montant des travaux' });
    fireEvent.change(input, { target: { value: '-1 000' } });
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(screen.getByText('Le montant doit être positif ou nul (0 € ou plus).')).toBeTruthy();
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '1 234,56' } });
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(onSend).toHaveBeenCalledWith(123456);
  });

  it('says the rule in Arabic, the amount keeping its order (a decimal input reads left to right)', async () => {
    renderWithProviders(<ReferenceAmount onSend={() => {}} />, { lng: 'ar' });
    const input = screen.getByRole('textbox', { name: 'Montant des travaux' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '-1 000' } });
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(screen.getByText(createTestI18n('ar').t('errors.AMOUNT_NEGATIVE'))).toBeTruthy();
    expect(input.getAttribute('inputmode')).toBe('decimal');
    expect(input.value).toBe('-1 000');
  });
});
