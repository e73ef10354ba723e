// @vitest-environment jsdom
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { formatPercent, formatQuantity, parsePercent, parseQuantity } from '@ouvrage/domain';
import { renderWithProviders } from '../../testing/render';
import { DecimalInput } from './decimal-input';

const percentText = (bp: number) => formatPercent(bp).replace(/ %$/, '');

/** A rate in basis points, as the late-payment rates and the quote conditions hold it. */
function Rate({ allowNegative, initial = null as number | null }: { allowNegative?: boolean; initial?: number | null }) {
  const [bp, setBp] = useState<number | null>(initial);
  return (
    <>
      <DecimalInput label="Taux" value={bp} onChange={setBp} parse={parsePercent} format={percentText} allowNegative={allowNegative} />
      <output data-testid="value">{bp === null ? 'null' : String(bp)}</output>
    </>
  );
}

const field = () => screen.getByRole('textbox', { name: 'Taux' }) as HTMLInputElement;
const value = () => screen.getByTestId('value').textContent;
const typeIn = (text: string) => fireEvent.change(field(), { target: { value: text } });

describe('DecimalInput', () => {
  it('reads a French decimal into its integer, writes it back on blur, and leaves the sign to the domain by default', () => {
    renderWithProviders(<Rate initial={250} />);
    expect(field().value).toBe('2,5');
    typeIn('12.125');
    expect(value()).toBe('250');
    expect(screen.getByText('Trop de décimales.')).toBeTruthy();
    typeIn('12,5');
    expect(value()).toBe('1250');
    fireEvent.blur(field());
    expect(field().value).toBe('12,5');
    // Without the option, « -1 » is the domain's: a percentage below 0 is out of its range.
    typeIn('-1');
    expect(value()).toBe('1250');
    expect(screen.getByText('Valeur hors des limites permises.')).toBeTruthy();
    typeIn('');
    expect(value()).toBe('null');
  });

  it('with allowNegative, reads a signed value through the same reader and writes it back signed', () => {
    renderWithProviders(<Rate allowNegative />);
    typeIn('-');
    expect(value()).toBe('null');
    expect(screen.getByText('Saisissez un nombre (ex. : 1,5).')).toBeTruthy();
    typeIn('-0,5');
    expect(value()).toBe('-50');
    expect(screen.queryByText('Saisissez un nombre (ex. : 1,5).')).toBeNull();
    fireEvent.blur(field());
    expect(field().value).toBe('-0,5');
    typeIn(' \u22122.15');
    expect(value()).toBe('-215');
    typeIn('-0');
    expect(value()).toBe('0');
    typeIn('3,75');
    expect(value()).toBe('375');
    // One sign only, and the reader's own limits still apply to what follows it.
    typeIn('--1');
    expect(value()).toBe('375');
    expect(screen.getByText('Saisissez un nombre (ex. : 1,5).')).toBeTruthy();
    typeIn('-101');
    expect(value()).toBe('375');
    expect(screen.getByText('Valeur hors des limites permises.')).toBeTruthy();
  });

  it('keeps a quantity reader unsigned unless asked', () => {
    const Quantity = () => {
      const [milli, setMilli] = useState<number | null>(1500);
      return (
        <>
          <DecimalInput label="Taux" value={milli} onChange={setMilli} parse={parseQuantity} format={formatQuantity} />
          <output data-testid="value">{String(milli)}</output>
        </>
      );
    };
    renderWithProviders(<Quantity />);
    expect(field().value).toBe('1,5');
    typeIn('-2');
    expect(value()).toBe('1500');
    expect(screen.getByText('Valeur hors des limites permises.')).toBeTruthy();
  });
});
