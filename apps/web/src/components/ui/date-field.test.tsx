// @vitest-environment jsdom
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/render';
import { DateField, DateTimeField, parseTypedDate } from './date-field';

function Controlled({ initial = '', onValue }: { initial?: string; onValue: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Valable jusqu'au"
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

describe('parseTypedDate', () => {
  it('reads the day first, in the usual French ways, and the ISO form', () => {
    expect(parseTypedDate('28/11/2026')).toBe('2026-11-28');
    expect(parseTypedDate(' 1/2/2026 ')).toBe('2026-02-01');
    expect(parseTypedDate('28.11.2026')).toBe('2026-11-28');
    expect(parseTypedDate('28-11-26')).toBe('2026-11-28');
    expect(parseTypedDate('2026-11-28')).toBe('2026-11-28');
    expect(parseTypedDate('٢٨/١١/٢٠٢٦')).toBe('2026-11-28');
  });

  it('refuses what is not a day', () => {
    expect(parseTypedDate('31/02/2026')).toBeNull();
    expect(parseTypedDate('11/28/2026')).toBeNull();
    expect(parseTypedDate('abc')).toBeNull();
    expect(parseTypedDate('')).toBeNull();
  });
});

describe('DateField', () => {
  it('shows the value as jj/mm/aaaa and gives back YYYY-MM-DD when a day is typed', async () => {
    const onValue = vi.fn();
    renderWithProviders(<Controlled initial="2026-01-05" onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: "Valable jusqu'au" });
    expect(input).toHaveProperty('value', '05/01/2026');
    expect(input.getAttribute('placeholder')).toBe('jj/mm/aaaa');
    await userEvent.clear(input);
    await userEvent.type(input, '28/11/2026');
    fireEvent.blur(input);
    expect(onValue).toHaveBeenLastCalledWith('2026-11-28');
    expect(input).toHaveProperty('value', '28/11/2026');
  });

  it('opens a French calendar whose weeks start on Monday, whatever the browser', async () => {
    renderWithProviders(<Controlled initial="2026-11-28" onValue={() => undefined} />);
    await userEvent.click(screen.getByRole('textbox', { name: "Valable jusqu'au" }));
    const table = await screen.findByRole('table', { hidden: true });
    const weekdays = within(table)
      .getAllByRole('columnheader', { hidden: true })
      .map((th) => th.textContent);
    expect(weekdays[0]?.toLowerCase()).toMatch(/^lu/);
    expect(weekdays[6]?.toLowerCase()).toMatch(/^di/);
    expect(screen.getByRole('button', { name: 'Choisir un autre mois', hidden: true }).textContent?.toLowerCase()).toContain('novembre 2026');
    expect(screen.getByRole('button', { name: 'Mois suivant', hidden: true })).toBeTruthy();
  });

  it('speaks English and Arabic in those languages, still Monday first', async () => {
    const { unmount } = renderWithProviders(<DateField label="Valid until" value="2026-11-28" onChange={() => undefined} />, { lng: 'en' });
    expect(screen.getByRole('textbox', { name: 'Valid until' }).getAttribute('placeholder')).toBe('dd/mm/yyyy');
    await userEvent.click(screen.getByRole('textbox', { name: 'Valid until' }));
    expect((await screen.findByRole('button', { name: 'Choose another month', hidden: true })).textContent).toContain('November 2026');
    expect(within(await screen.findByRole('table', { hidden: true })).getAllByRole('columnheader', { hidden: true })[0].textContent).toMatch(/^Mo/);
    unmount();

    renderWithProviders(<DateField label="صالح حتى" value="2026-11-28" onChange={() => undefined} />, { lng: 'ar' });
    const input = screen.getByRole('textbox', { name: 'صالح حتى' });
    expect(input).toHaveProperty('value', '28/11/2026');
    await userEvent.click(input);
    expect((await screen.findByRole('button', { name: 'اختيار شهر آخر', hidden: true })).textContent).toContain('نوفمبر');
  });

  it('gives back an empty string when cleared', async () => {
    const onValue = vi.fn();
    renderWithProviders(<Controlled initial="2026-01-05" onValue={onValue} />);
    await userEvent.click(screen.getByRole('button', { name: 'Effacer la date' }));
    expect(onValue).toHaveBeenLastCalledWith('');
  });
});

describe('DateTimeField', () => {
  it('shows a local date and time as jj/mm/aaaa hh:mm', () => {
    renderWithProviders(<DateTimeField label="Répondre avant" value="2026-11-28T13:24" onChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Répondre avant' }).textContent).toBe('28/11/2026 13:24');
  });
});
