// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { Button } from '@mantine/core';
import { renderWithProviders } from '../../testing/render';
import { PhoneInput } from './phone-input';

/**
 * The phone field's own check when it is left (decision 0403) waits for the press that left it to
 * end (issue 36 §1, decision 1205): its message must not move « Envoyer » between the press and the
 * release, or the click is lost.
 */
function Form() {
  const [phone, setPhone] = useState('');
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <PhoneInput label="Téléphone" required value={phone} onChange={setPhone} />
      <Button type="submit">Envoyer ma demande</Button>
    </form>
  );
}

const MESSAGE = /Le numéro de téléphone n'est pas valide/;
const wait = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)));

describe('PhoneInput', () => {
  it('checks the number as soon as the keyboard leaves the field', async () => {
    renderWithProviders(<Form />);
    const field = screen.getByRole('textbox', { name: /Téléphone/ });
    fireEvent.change(field, { target: { value: '12 34' } });
    fireEvent.blur(field);
    expect(screen.getByText(MESSAGE)).toBeTruthy();
  });

  it('left by a press on the button, shows its message only once the press is over', async () => {
    renderWithProviders(<Form />);
    const field = screen.getByRole('textbox', { name: /Téléphone/ });
    const send = screen.getByRole('button', { name: 'Envoyer ma demande' });
    fireEvent.change(field, { target: { value: '12 34' } });
    fireEvent.pointerDown(send);
    fireEvent.blur(field);
    await wait();
    // The button has not moved while it is pressed.
    expect(screen.queryByText(MESSAGE)).toBeNull();
    fireEvent.pointerUp(send);
    fireEvent.click(send);
    await wait();
    expect(screen.getByText(MESSAGE)).toBeTruthy();
  });

  it('keeps the number left to right in Arabic', () => {
    renderWithProviders(<PhoneInput label="الهاتف" value="06 11 22 33 44" onChange={() => {}} />, { lng: 'ar' });
    expect(screen.getByRole('textbox', { name: 'الهاتف' }).getAttribute('dir')).toBe('ltr');
  });
});
