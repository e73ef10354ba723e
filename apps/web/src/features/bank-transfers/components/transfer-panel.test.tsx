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

const received: TransferInstructions['transfers'][number] = {
  id: 3,
  invoice_id: 12,
  invoice_number: 'F-2026-0002',
  invoice_title: 'Facture de solde',
  client_id: 5,
  client_name: 'Julie Bernard',
  issuer_name: 'Atelier Martin',
  amount_cents: 150_000,
  status: 'confirme',
  reference: 'RF47F20260002X12',
  declared_on: '2026-11-20',
  received_on: '2026-11-22',
  created_at: '2026-11-20T10:00:00.000Z',
  confirmed_at: '2026-11-22T10:00:00.000Z',
  left_to_pay_cents: 0,
};

const render = (left: number, lng: 'fr' | 'en' | 'ar' = 'fr', transfers: TransferInstructions['transfers'] = []) =>
  renderWithProviders(<TransferPanel invoiceId={12} />, {
    lng,
    queries: [[transferKeys.instructions(12), { ...instructions(left), transfers }]],
    fetchQueries: false,
  });

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
    expect(
      screen.getAllByTestId('transfer-nothing-left').some((n) => n.textContent === 'There is nothing to pay on this invoice: no transfer is expected.'),
    ).toBe(true);
  });

  it('paid by transfer: no bank details any more, the reference of the transfers made stays shown', () => {
    render(0, 'fr', [received]);
    expect(screen.queryByTestId('transfer-iban')).toBeNull();
    expect(screen.getByTestId('transfer-nothing-left')).toBeTruthy();
    expect(screen.getByTestId('transfer-reference').textContent).toBe('RF47 F202 6000 2X12');
    expect(screen.getByTestId('transfer-list').textContent).toContain('1 500,00');
  });
});
