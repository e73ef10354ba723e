import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceDetail } from '@ouvrage/contracts';
import { formatPercent } from '@ouvrage/domain';
import { formatDate, formatEuros } from '../../../lib/format';
import { ltr } from '../model/isolate';
import { Ltr } from '../../../components/ui/bdi';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';

type InvoiceLine = InvoiceDetail['lines'][number] & { index: number };

/**
 * The lots (progress of a situation, the whole contract on a balance) or the deposit's base per rate;
 * on a phone each lot is a card with its figures as the API computed them (decision 1204).
 */
export function InvoiceLines({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  if (invoice.kind === 'acompte') {
    return (
      <Text size="sm">
        {invoice.deposit_percent_bp
          ? t('invoices.detail.depositOf', {
              percent: ltr(formatPercent(invoice.deposit_percent_bp)),
              quote: ltr(invoice.quote.label),
              total: ltr(formatEuros(invoice.quote.totals.total_ttc_cents)),
            })
          : t('invoices.detail.depositOn', { quote: ltr(invoice.quote.label) })}
      </Text>
    );
  }
  const columns: PagedTableColumn<InvoiceLine>[] = [
    { key: 'lot', header: t('invoices.detail.lot'), card: 'title', cell: (l) => l.label },
    {
      key: 'contract',
      header: t('invoices.detail.contractHt'),
      align: 'end',
      nowrap: true,
      card: 'figure',
      cell: (l) => <Ltr>{formatEuros(l.contract_ht_cents)}</Ltr>,
    },
    {
      key: 'progress',
      header: t('invoices.detail.progress'),
      align: 'end',
      nowrap: true,
      card: 'figure',
      cell: (l) => (l.progress_bp === null ? '—' : ltr(formatPercent(l.progress_bp))),
    },
    {
      key: 'previous',
      header: t('invoices.detail.previous'),
      align: 'end',
      nowrap: true,
      card: 'figure',
      cell: (l) => (l.previous_progress_bp === null ? '—' : ltr(formatPercent(l.previous_progress_bp))),
    },
    {
      key: 'cumulative',
      header: t('invoices.detail.cumulativeHt'),
      align: 'end',
      nowrap: true,
      card: 'figure',
      cell: (l) => <Ltr>{formatEuros(l.cumulative_ht_cents)}</Ltr>,
    },
  ];
  // Lines have no id of their own: their place in the invoice names them.
  const rows = invoice.lines.map((line, index) => ({ ...line, index }));
  return (
    <PagedTable<InvoiceLine>
      caption={t('invoices.detail.lines')}
      captionHidden
      columns={columns}
      rows={rows}
      rowKey={(l) => l.index}
      minWidth={560}
      emptyText={t('invoices.detail.noLines')}
      data-testid="invoice-lines"
    />
  );
}

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" gap="xl" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 400} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** Work to date, each previous invoice deducted by number and date, then this invoice's totals per rate and what is left to pay. */
export function InvoiceTotals({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} maw={520} ms="auto" data-testid="invoice-totals">
      {invoice.work && <Row label={t('invoices.detail.workToDate')} value={ltr(formatEuros(invoice.work.total_ttc_cents))} strong />}
      {(invoice.work_by_rate ?? []).map((r) => (
        <Row
          key={`work-${r.rate_bp}`}
          label={t('invoices.detail.workTvaAt', { rate: ltr(formatPercent(r.rate_bp)), base: ltr(formatEuros(r.base_cents)) })}
          value={ltr(formatEuros(r.tva_cents))}
        />
      ))}
      {invoice.deductions.map((d) => (
        <Row
          key={d.number}
          label={t('invoices.detail.deduction', { kind: t(`invoices.kinds.${d.kind}`), number: ltr(d.number), date: ltr(formatDate(d.issue_date)) })}
          value={ltr(formatEuros(-d.total_ttc_cents))}
          testId={`deduction-${d.number}`}
        />
      ))}
      <Row label={t('invoices.detail.totalHt')} value={ltr(formatEuros(invoice.totals.total_ht_cents))} strong />
      {invoice.by_rate.map((r) =>
        // A situation's or a balance's TVA is the work's less what was invoiced (decision 1000): base and TVA apart.
        invoice.work_by_rate ? (
          <Row
            key={r.rate_bp}
            label={t('invoices.detail.baseAndTvaAt', { rate: ltr(formatPercent(r.rate_bp)), base: ltr(formatEuros(r.base_cents)) })}
            value={ltr(formatEuros(r.tva_cents))}
          />
        ) : (
          <Row
            key={r.rate_bp}
            label={t('invoices.detail.tvaAt', { rate: ltr(formatPercent(r.rate_bp)), base: ltr(formatEuros(r.base_cents)) })}
            value={ltr(formatEuros(r.tva_cents))}
          />
        ),
      )}
      <Row label={t('invoices.detail.totalTtc')} value={ltr(formatEuros(invoice.totals.total_ttc_cents))} strong testId="invoice-ttc" />
      {invoice.retention_cents > 0 && (
        <Row label={t('invoices.detail.retention', { rate: ltr(formatPercent(invoice.retention_bp)) })} value={ltr(formatEuros(-invoice.retention_cents))} />
      )}
      {invoice.credited_cents > 0 && <Row label={t('invoices.detail.credited')} value={ltr(formatEuros(-invoice.credited_cents))} />}
      {invoice.paid_cents > 0 && <Row label={t('invoices.detail.paid')} value={ltr(formatEuros(-invoice.paid_cents))} />}
      <Row label={t('invoices.detail.leftToPay')} value={ltr(formatEuros(invoice.left_to_pay_cents))} strong testId="invoice-left" />
      {invoice.refund_owed_cents > 0 && (
        <Row label={t('invoices.refund.owedRow')} value={ltr(formatEuros(invoice.refund_owed_cents))} strong testId="invoice-refund-owed-row" />
      )}
    </Stack>
  );
}
