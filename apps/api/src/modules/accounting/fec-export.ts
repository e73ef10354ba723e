import {
  buildFecLines,
  calendarDateAt,
  depositsDeductedBy,
  fecFileName,
  fiscalYearPeriod,
  serializeFec,
  type Caller,
  type FecCashMovement,
} from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { refuse } from '../../lib/errors';
import { accountingRecordsOf, invoiceSettingsOf } from '../invoices';
import { confirmedPaymentsOf } from '../payments';
import { accountsOf, fiscalYearEndMonthOf, sirenOf } from './accounts';
import { issuerOf } from '../users';

/** A payment is in the books the day the transfer was received, a card payment the day Paris saw it confirmed. */
export const bookDay = (p: { confirmedAt: Date; receivedOn: string | null }): string => p.receivedOn ?? calendarDateAt(p.confirmedAt);

/** The FEC of an issuer's sales for the fiscal year closed in `year` at the end of their closing month (LPF art. A47 A-1; decision 1210). */
export async function exportFec(deps: AppDeps, caller: Caller, query: { year: number; issuer_id?: number }): Promise<{ bytes: Buffer; name: string }> {
  const issuerId = await issuerOf(deps, caller, query.issuer_id);
  const period = fiscalYearPeriod(query.year, await fiscalYearEndMonthOf(deps.db, issuerId));
  const siren = await sirenOf(deps.db, issuerId);
  if (!siren) {
    throw refuse('ACCOUNTING_SIREN_MISSING', 'Renseignez le SIREN ou le SIRET de l’entreprise dans le profil : le nom du fichier FEC commence par lui.');
  }
  const records = await accountingRecordsOf(deps.db, issuerId, period.end);
  const issued = new Set(records.invoices.map((i) => i.id));
  const payments = (await confirmedPaymentsOf(deps.db, issuerId)).filter((p) => issued.has(p.invoiceId));
  const { tva_on_debits } = await invoiceSettingsOf(deps, issuerId);
  const cash: FecCashMovement[] = [
    ...payments.map((p) => ({
      id: p.id,
      invoiceId: p.invoiceId,
      kind: 'paiement' as const,
      date: bookDay(p),
      amountCents: p.amountCents,
      label: p.method === 'virement' ? `virement${p.reference ? ` ${p.reference}` : ''}` : p.method,
    })),
    // Refunds after the payments' ids: one sequence for the ordering of a day's bank lines.
    ...records.refunds.map((r) => ({
      id: 1_000_000_000 + r.id,
      invoiceId: r.invoiceId,
      kind: 'remboursement' as const,
      date: r.refundedOn,
      amountCents: r.amountCents,
      label: '',
    })),
  ];
  const lines = buildFecLines({
    period,
    accounts: await accountsOf(deps.db, issuerId),
    vatOnDebits: tva_on_debits,
    invoices: records.invoices.map((i) => ({ ...i, depositsDeducted: depositsDeductedBy(i, records.invoices, records.creditNotes) })),
    creditNotes: records.creditNotes,
    cash,
  });
  return { bytes: Buffer.from(serializeFec(lines), 'utf8'), name: fecFileName(siren, period.end) };
}
