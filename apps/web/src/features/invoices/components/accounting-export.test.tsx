// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountingRoutes, type AccountingSettings } from '@ouvrage/contracts';
import { DEFAULT_FEC_ACCOUNTS } from '@ouvrage/domain';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../testing/render';
import { AccountingExport } from './accounting-export';

const settings: AccountingSettings = {
  accounts: { ...DEFAULT_FEC_ACCOUNTS },
  defaults: { ...DEFAULT_FEC_ACCOUNTS },
  tva_on_debits: false,
  has_siren: true,
  fiscal_year_end_month: 12,
};
const api = vi.hoisted(() => ({ calls: [] as unknown[][], failure: null as Error | null, answer: null as unknown }));
vi.mock('../../../lib/endpoint-client', () => ({
  callEndpoint: async (...args: unknown[]) => {
    api.calls.push(args);
    if (api.failure && (args[0] as { method: string }).method === 'PUT') throw api.failure;
    return api.answer;
  },
}));
const files = vi.hoisted(() => ({ paths: [] as string[] }));
vi.mock('../../../lib/download', () => ({
  useDownload: () => ({
    download: async (file: { path: string }) => {
      files.paths.push(file.path);
      return true;
    },
    open: async () => true,
    pending: false,
    error: null,
    reset: () => undefined,
  }),
}));

describe('AccountingExport (issue 37 §3, decision 1210)', () => {
  beforeEach(() => {
    api.calls.length = 0;
    api.failure = null;
    api.answer = settings;
    files.paths.length = 0;
  });

  it('downloads the FEC of the chosen year and the CSV lists of the period', async () => {
    renderWithProviders(<AccountingExport today="2026-11-23" />);
    await screen.findByTestId('accounting-accounts');
    await userEvent.click(screen.getByTestId('fec-download'));
    await userEvent.click(screen.getByTestId('csv-invoices'));
    await userEvent.click(screen.getByTestId('csv-payments'));
    expect(files.paths).toEqual([
      '/api/comptabilite/fec?year=2026',
      '/api/comptabilite/factures.csv?from=2026-01-01&to=2026-11-23',
      '/api/comptabilite/paiements.csv?from=2026-01-01&to=2026-11-23',
    ]);
    expect(screen.getByText(/TVA sur les encaissements/)).toBeTruthy();
    expect(screen.queryByTestId('accounting-no-siren')).toBeNull();
  });

  it('with a June closing, offers the exercice running to next June and says its days; the closing month is saved with the accounts', async () => {
    api.answer = { ...settings, fiscal_year_end_month: 6 };
    renderWithProviders(<AccountingExport today="2026-11-23" />);
    await screen.findByTestId('accounting-accounts');
    expect(screen.getByTestId('fec-period').textContent).toBe('Du 01/07/2026 au 30/06/2027');
    await userEvent.click(screen.getByTestId('fec-download'));
    expect(files.paths).toEqual(['/api/comptabilite/fec?year=2027']);
    expect((screen.getByTestId('fiscal-year-end') as HTMLInputElement).value).toBe('Fin juin');
    await userEvent.click(screen.getByTestId('accounts-save'));
    await waitFor(() => expect(api.calls.some((c) => c[0] === accountingRoutes.saveAccounts)).toBe(true));
    expect(api.calls.find((c) => c[0] === accountingRoutes.saveAccounts)![1]).toEqual({ body: { ...DEFAULT_FEC_ACCOUNTS, fiscal_year_end_month: 6 } });
  });

  it('says the SIREN is missing', async () => {
    api.answer = { ...settings, has_siren: false };
    renderWithProviders(<AccountingExport today="2026-11-23" />);
    expect((await screen.findByTestId('accounting-no-siren')).textContent).toMatch(/SIRET/);
  });

  it('checks the account numbers on the fields before sending, then saves them', async () => {
    renderWithProviders(<AccountingExport today="2026-11-23" />);
    await screen.findByTestId('accounting-accounts');
    fireEvent.change(screen.getByTestId('account-revenue'), { target: { value: '411' } });
    await userEvent.click(screen.getByTestId('accounts-save'));
    expect(await screen.findByText('Ce compte doit commencer par 70 (plan comptable général).')).toBeTruthy();
    expect(api.calls.filter((c) => c[0] === accountingRoutes.saveAccounts)).toEqual([]);
    fireEvent.change(screen.getByTestId('account-revenue'), { target: { value: '706' } });
    api.answer = { ...settings, accounts: { ...DEFAULT_FEC_ACCOUNTS, revenue: '706' } };
    await userEvent.click(screen.getByTestId('accounts-save'));
    await waitFor(() => expect(api.calls.some((c) => c[0] === accountingRoutes.saveAccounts)).toBe(true));
    expect(api.calls.find((c) => c[0] === accountingRoutes.saveAccounts)![1]).toEqual({
      body: { ...DEFAULT_FEC_ACCOUNTS, revenue: '706', fiscal_year_end_month: 12 },
    });
    expect(await screen.findByTestId('accounts-saved')).toBeTruthy();
  });

  it('shows the server’s field message of a 400 on its field', async () => {
    api.failure = new ApiError('Certaines informations sont invalides.', 400, 'VALIDATION', { bank: 'Un numéro de compte s’écrit avec 3 à 20 chiffres.' });
    renderWithProviders(<AccountingExport today="2026-11-23" />);
    await screen.findByTestId('accounting-accounts');
    await userEvent.click(screen.getByTestId('accounts-save'));
    expect(await screen.findByText('Un numéro de compte s’écrit avec 3 à 20 chiffres.')).toBeTruthy();
  });
});
