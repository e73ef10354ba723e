// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { ContractLife, ProjectContracts } from '@ouvrage/contracts';
import { renderWithProviders } from '../../../testing/render';
import { ContractLifeSection } from './contract-life-section';

const api = vi.hoisted(() => ({ answer: null as unknown }));
vi.mock('../../../lib/endpoint-client', () => ({ callEndpoint: () => Promise.resolve(api.answer) }));

const contract: ContractLife = {
  quote_id: 12,
  quote_label: 'D-2026-0005 v1',
  issuer_name: 'Atelier Durand',
  signed_at: '2026-11-23T09:00:00Z',
  original_ttc_cents: 1_200_000,
  contract_ttc_cents: 1_217_600,
  avenants: [
    { id: 4, number: 'D-2026-0005-A1', title: 'Prises supplémentaires', status: 'Signé', change_ttc_cents: 17_600, signed_at: '2026-11-30T09:00:00Z' },
  ],
  schedule: null,
  invoices: [
    {
      id: 3,
      number: 'F-2026-0003',
      kind: 'acompte',
      situation_index: null,
      due_date: '2026-12-23',
      total_ttc_cents: 365_280,
      paid_cents: 0,
      left_cents: 365_280,
      cancelled: false,
    },
  ],
  payments: [],
  invoiced_cents: 365_280,
  paid_cents: 0,
  next_due: { kind: 'invoice', invoice_id: 3, number: 'F-2026-0003', left_cents: 365_280, due_date: '2026-12-23' },
  dgd: null,
};

describe('the project’s contracts', () => {
  it('shows the contract as amended, its avenant, its invoice and the client’s « Payer » on what is due', async () => {
    api.answer = { items: [contract] } satisfies ProjectContracts;
    renderWithProviders(<ContractLifeSection projectId={9} client />, { route: '/single-projet/9' });
    expect((await screen.findByTestId('contract-total-12')).textContent).toContain('12 176,00');
    expect(screen.getByTestId('contract-avenant-4').textContent).toContain('+176,00');
    const next = screen.getByTestId('contract-next-12');
    expect(next.textContent).toContain('F-2026-0003');
    expect(next.textContent).toContain('3 652,80');
    expect(screen.getByRole('link', { name: 'Payer' }).getAttribute('href')).toBe('/facture/3?payer=1');
  });

  it('reads in Arabic without French words, and gives the architect no « Payer »', async () => {
    api.answer = { items: [contract] } satisfies ProjectContracts;
    renderWithProviders(<ContractLifeSection projectId={9} client={false} />, { lng: 'ar', route: '/single-projet/9' });
    const next = await screen.findByTestId('contract-next-12');
    expect(next.textContent).toContain('للدفع');
    expect(screen.queryByRole('link', { name: 'ادفع' })).toBeNull();
    expect(screen.getByTestId('contract-12').textContent).not.toMatch(/Contrat|Facture|Payer/);
  });

  it('shows a finished contract’s DGD and the client’s way to answer it', async () => {
    api.answer = {
      items: [
        {
          ...contract,
          next_due: null,
          dgd: { id: 8, number: 'D-2026-0005-DGD', status: 'Émis', balance_cents: 0, issued_at: '2026-12-01T09:00:00Z' },
        },
      ],
    } satisfies ProjectContracts;
    renderWithProviders(<ContractLifeSection projectId={9} client />, { route: '/single-projet/9' });
    const dgd = await screen.findByTestId('contract-dgd-12');
    expect(dgd.textContent).toContain('D-2026-0005-DGD');
    expect(dgd.textContent).toContain('En attente du client');
    expect(screen.getByRole('link', { name: 'Accepter ou contester' }).getAttribute('href')).toBe('/devis/12/dgd/8/signer');
  });

  it('shows nothing before a contract is signed', async () => {
    api.answer = { items: [] } satisfies ProjectContracts;
    renderWithProviders(<ContractLifeSection projectId={9} client />, { route: '/single-projet/9' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Factures')).toBeNull();
    expect(screen.queryByTestId('contract-total-12')).toBeNull();
  });
});
