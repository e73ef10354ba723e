import type { z } from 'zod';
import type { accountingAccountsBody, AccountingSettings } from '@ouvrage/contracts';
import { DEFAULT_FEC_ACCOUNTS, DEFAULT_FISCAL_YEAR_END_MONTH, type FecAccounts } from '@ouvrage/domain';
import type { Executor } from '@ouvrage/db';
import type { AppDeps } from '../../lib/deps';
import { invoiceSettingsOf } from '../invoices';
import { companiesOf } from '../professionals';
import * as repo from './repository';

/** The issuer's account numbers, the defaults where none are saved (decision 1210). */
export async function accountsOf(db: Executor, userId: number): Promise<FecAccounts> {
  const row = await repo.findAccounts(db, userId);
  if (!row) return { ...DEFAULT_FEC_ACCOUNTS };
  return {
    clients: row.clientsAccount,
    deposits: row.depositsAccount,
    retention: row.retentionAccount,
    revenue: row.revenueAccount,
    bank: row.bankAccount,
    vatWaiting: row.vatWaitingAccount,
    vat2000: row.vat2000Account,
    vat1000: row.vat1000Account,
    vat550: row.vat550Account,
  };
}

/** The month whose last day closes the issuer's fiscal year (December without settings). */
export async function fiscalYearEndMonthOf(db: Executor, userId: number): Promise<number> {
  return (await repo.findAccounts(db, userId))?.fiscalYearEndMonth ?? DEFAULT_FISCAL_YEAR_END_MONTH;
}

/** The issuer's SIREN (the company's, else the first 9 digits of its SIRET), or null. */
export async function sirenOf(db: Executor, userId: number): Promise<string | null> {
  const [company] = await companiesOf(db, [userId]);
  const siren = company?.siren?.replace(/\s+/g, '') || company?.siret?.replace(/\s+/g, '').slice(0, 9) || '';
  return /^\d{9}$/.test(siren) ? siren : null;
}

async function answer(deps: AppDeps, userId: number, accounts: FecAccounts): Promise<AccountingSettings> {
  // The TVA option is the invoices' own setting (decision 0704), read here, changed there.
  const { tva_on_debits } = await invoiceSettingsOf(deps, userId);
  return {
    accounts,
    defaults: { ...DEFAULT_FEC_ACCOUNTS },
    tva_on_debits,
    has_siren: (await sirenOf(deps.db, userId)) !== null,
    fiscal_year_end_month: await fiscalYearEndMonthOf(deps.db, userId),
  };
}

export async function getAccounts(deps: AppDeps, userId: number): Promise<AccountingSettings> {
  return answer(deps, userId, await accountsOf(deps.db, userId));
}

export async function saveAccounts(deps: AppDeps, userId: number, body: z.output<typeof accountingAccountsBody>): Promise<AccountingSettings> {
  await repo.upsertAccounts(deps.db, userId, {
    clientsAccount: body.clients,
    depositsAccount: body.deposits,
    retentionAccount: body.retention,
    revenueAccount: body.revenue,
    bankAccount: body.bank,
    vatWaitingAccount: body.vatWaiting,
    vat2000Account: body.vat2000,
    vat1000Account: body.vat1000,
    vat550Account: body.vat550,
    fiscalYearEndMonth: body.fiscal_year_end_month,
    updatedAt: deps.clock.now(),
  });
  return getAccounts(deps, userId);
}
