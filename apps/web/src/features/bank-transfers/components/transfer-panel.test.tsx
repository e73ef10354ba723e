// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { TransferInstructions } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { transferKeys } from '../api/keys';
import { TransferPanel } from './transfer-panel';

const instructions = (left: number): TransferInstructions => ({
  invoice_id: 12,
  invoice_number: 'F-2026-0002',
  beneficiary: 'Atelier Martin',
  iban: 'FR7630006000011234567890189',
  bic: 'AGRIFRPP',
  reference: 'RF47F20260002X12',
  left_to_pay_cents: left,
  can_declare: left > 0,
  can_confirm: false,
  transfers: [],
});

const render = (left: number, lng: 'fr' | 'en' | 'ar' = 'fr') =>
  renderWithProviders(<TransferPanel invoiceId={12} />, { lng, queries: [[transferKeys.instructions(12), instructions(left)]], fetchQueries: false });

describe('TransferPanel (decision 1061)', () => {
  it('gives the bank details and reference while something is left to pay', () => {
    render(150_000);
    expect(screen.getByTestId('transfer-iban')).toBeTruthy();
    expect(screen.getByTestId('transfer-reference')).toBeTruthy();
    expect(screen.queryByTestId('transfer-nothing-left')).toBeNull();
  });

  it('gives no transfer instructions for 0,00 € (credited or paid): it says nothing is expected, in each language', () => {
    render(0);
    expect(screen.queryByTestId('transfer-iban')).toBeNull();
    expect(screen.queryByTestId('transfer-reference')).toBeNull();
    expect(screen.queryByText(/0,00/)).toBeNull();
    expect(screen.getByTestId('transfer-nothing-left').textContent).toBe('Il n’y a rien à payer sur cette facture : aucun virement n’est attendu.');
    render(0, 'en');
    expect(screen.getAllByTestId('transfer-nothing-left').some((n) => n.textContent === 'There is nothing to pay on this invoice: no transfer is expected.')).toBe(true);
  });
});
