import { stringify } from 'csv-stringify/sync';
import { invoiceStatus, todayInParis, type CalendarDate, type Caller } from '@ouvrage/domain';
import type { AppDeps } from '../../lib/deps';
import { accountingRecordsOf } from '../invoices';
import { confirmedPaymentsOf } from '../payments';
import { bookDay } from './fec-export';
import { issuerOf } from '../users';

/**
 * CSV lists for a spreadsheet (issue 37 §3, decision 1210): `;` separated, decimal comma, dates
 * `JJ/MM/AAAA`, UTF-8 with a byte-order mark so that Excel reads the accents.
 */

type Period = { from: string; to: string; issuer_id?: number };
const frenchDate = (d: string | null) => (d ? `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}` : '');
/** `1234,56`: a number a French spreadsheet sums (no thousands separator, no euro sign). */
const amount = (cents: number) => `${cents < 0 ? '-' : ''}${Math.trunc(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const csv = (rows: (string | number)[][]) => Buffer.from(`\uFEFF${stringify(rows, { delimiter: ';', record_delimiter: '\r\n' })}`, 'utf8');
const KIND_LABELS = { acompte: 'Acompte', situation: 'Situation', solde: 'Solde' } as const;

export async function invoicesCsv(deps: AppDeps, caller: Caller, q: Period): Promise<{ bytes: Buffer; name: string }> {
  const issuerId = await issuerOf(deps, caller, q.issuer_id);
  const records = await accountingRecordsOf(deps.db, issuerId, q.to);
  const today = todayInParis(deps.clock);
  const byId = new Map(records.invoices.map((i) => [i.id, i]));
  const rows: (string | number)[][] = [
    ['Pièce', 'Numéro', 'Nature', 'Date', 'Échéance', 'Client', 'Facture d’origine', 'HT', 'TVA', 'TTC', 'Retenue de garantie', 'Payé', 'Statut'],
  ];
  const lines: { date: string; row: (string | number)[] }[] = [];
  for (const i of records.invoices) {
    if (i.issueDate < q.from) continue;
    const status = invoiceStatus({ ...i, dueDate: i.dueDate as CalendarDate }, today);
    lines.push({
      date: i.issueDate,
      row: [
        'Facture',
        i.number,
        KIND_LABELS[i.kind],
        frenchDate(i.issueDate),
        frenchDate(i.dueDate),
        i.clientName,
        '',
        amount(i.totalHtCents),
        amount(i.totalTvaCents),
        amount(i.totalTtcCents),
        amount(i.retentionCents),
        amount(i.paidCents),
        status,
      ],
    });
  }
  for (const c of records.creditNotes) {
    if (c.issueDate < q.from) continue;
    const inv = byId.get(c.invoiceId);
    lines.push({
      date: c.issueDate,
      row: [
        'Avoir',
        c.number,
        'Avoir',
        frenchDate(c.issueDate),
        '',
        inv?.clientName ?? '',
        inv?.number ?? '',
        amount(-c.totalHtCents),
        amount(-c.totalTvaCents),
        amount(-c.totalTtcCents),
        amount(0),
        amount(0),
        '',
      ],
    });
  }
  lines.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { bytes: csv([...rows, ...lines.map((l) => l.row)]), name: `factures-${q.from}-${q.to}.csv` };
}

export async function paymentsCsv(deps: AppDeps, caller: Caller, q: Period): Promise<{ bytes: Buffer; name: string }> {
  const issuerId = await issuerOf(deps, caller, q.issuer_id);
  const records = await accountingRecordsOf(deps.db, issuerId, q.to);
  const byId = new Map(records.invoices.map((i) => [i.id, i]));
  const payments = await confirmedPaymentsOf(deps.db, issuerId);
  const lines: { date: string; row: (string | number)[] }[] = [];
  for (const p of payments) {
    const date = bookDay(p);
    if (date < q.from || date > q.to) continue;
    const inv = byId.get(p.invoiceId);
    lines.push({
      date,
      row: [
        frenchDate(date),
        'Paiement',
        ({ carte: 'Carte', virement: 'Virement', prelevement: 'Prélèvement' } as const)[p.method],
        inv?.number ?? '',
        inv?.clientName ?? '',
        p.reference ?? '',
        amount(p.amountCents),
      ],
    });
  }
  for (const r of records.refunds) {
    if (r.refundedOn < q.from) continue;
    const inv = byId.get(r.invoiceId);
    lines.push({
      date: r.refundedOn,
      row: [frenchDate(r.refundedOn), 'Remboursement', 'Virement', inv?.number ?? '', inv?.clientName ?? '', '', amount(-r.amountCents)],
    });
  }
  lines.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return {
    bytes: csv([['Date', 'Opération', 'Mode', 'Facture', 'Client', 'Référence', 'Montant'], ...lines.map((l) => l.row)]),
    name: `paiements-${q.from}-${q.to}.csv`,
  };
}
