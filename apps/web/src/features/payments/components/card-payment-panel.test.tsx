// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { InvoicePaymentSummary } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { CardPaymentPanel } from './card-payment-panel';

const summary: InvoicePaymentSummary = {
  invoice_id: 4,
  number: 'F-2026-0004',
  kind: 'acompte',
  situation_index: null,
  quote_label: 'D-2026-0004',
  issuer_name: 'Atelier Martin',
  due_date: '2027-01-01',
  total_ttc_cents: 430_776,
  left_to_pay_cents: 430_776,
  payments: [],
  can_pay: true,
  pay_link: null,
  sepa: { creditor_name: 'Ouvrage', creditor_id: 'FR72ZZZ123456', next_reference: 'OUV-D4-M1', mandate: null },
  debit_in_progress: false,
};
vi.mock('../../../lib/endpoint-client', () => ({ callEndpoint: async () => summary }));

describe('CardPaymentPanel reached from « Payer » (decision 1204)', () => {
  it('focuses its pay button when the invoice list sent the client to pay', async () => {
    renderWithProviders(<CardPaymentPanel invoiceId={4} focusPay />);
    const pay = await screen.findByTestId('pay-by-card');
    expect(document.activeElement).toBe(pay);
  });

  it('leaves the focus alone otherwise', async () => {
    renderWithProviders(<CardPaymentPanel invoiceId={4} />);
    const pay = await screen.findByTestId('pay-by-card');
    expect(document.activeElement).not.toBe(pay);
  });
});
