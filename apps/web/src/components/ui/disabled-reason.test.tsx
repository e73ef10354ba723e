// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/render';
import { useDisabledReason } from './disabled-reason';

function Probe({ reason }: { reason: string | null }) {
  const why = useDisabledReason(reason);
  return (
    <>
      <Button {...why.control}>Ajouter</Button>
      {why.note}
    </>
  );
}

describe('useDisabledReason', () => {
  it('a disabled control is described by its reason, written beside it', () => {
    renderWithProviders(<Probe reason="Cinq signataires au plus." />);
    const button = screen.getByRole('button', { name: 'Ajouter' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByTestId('disabled-reason').id);
    expect(screen.getByTestId('disabled-reason').textContent).toBe('Cinq signataires au plus.');
  });

  it('without a reason the control works and nothing is written', () => {
    renderWithProviders(<Probe reason={null} />);
    const button = screen.getByRole('button', { name: 'Ajouter' });
    expect(button).toHaveProperty('disabled', false);
    expect(button.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByTestId('disabled-reason')).toBeNull();
  });
});
