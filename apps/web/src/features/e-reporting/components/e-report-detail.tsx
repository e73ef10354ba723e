import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { ScreenLoader } from '../../../components/ui/screen-loader';
import { formatDate, formatDateTime, formatEuros } from '../../../lib/format';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useEReport, useResendEReport } from '../api/e-reports';
import { EReportStatusBadge } from './e-report-status-badge';

type Line = { date: string; rate_bp: number; amount_cents: number; tax_cents: number; count: number };

/** What a report contained (lines per day and rate, totals, the documents), its history, and « Renvoyer » when it failed. */
export function EReportDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const query = useEReport(id);
  const resend = useResendEReport();
  const report = query.data;
  const amountHeader = report?.kind === 'payments' ? t('eReporting.detail.cashed') : t('eReporting.detail.ht');
  const columns: PagedTableColumn<Line>[] = [
    { key: 'date', header: t('eReporting.detail.day'), nowrap: true, card: 'title', cell: (l) => <span dir="ltr">{formatDate(l.date)}</span> },
    { key: 'rate', header: t('eReporting.detail.rate'), nowrap: true, card: 'detail', cell: (l) => <span dir="ltr">{formatPercent(l.rate_bp)}</span> },
    { key: 'amount', header: amountHeader, align: 'end', nowrap: true, card: 'figure', cell: (l) => formatEuros(l.amount_cents) },
    { key: 'tax', header: t('eReporting.detail.tax'), align: 'end', nowrap: true, card: 'figure', cell: (l) => formatEuros(l.tax_cents) },
    { key: 'count', header: t('eReporting.detail.count'), align: 'end', card: 'detail', cell: (l) => l.count },
  ];
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={report ? t(`eReporting.kinds.${report.kind}`) : t('eReporting.detail.title')}
      data-testid="e-report-detail"
    >
      {query.isPending && <ScreenLoader />}
      {query.error && <ErrorAlert error={query.error} />}
      {report && (
        <Stack gap="md">
          <Group justify="space-between">
            <Text size="sm">
              {t('eReporting.period', { start: formatDate(report.period_start), end: formatDate(report.period_end) })} ·{' '}
              {t('eReporting.due', { date: formatDate(report.due_date) })}
            </Text>
            <EReportStatusBadge status={report.status} />
          </Group>
          {report.last_error && (
            <Alert color={report.state === 'failed' ? 'red' : 'yellow'} title={t('eReporting.detail.lastError')} data-testid="e-report-error">
              <bdi>{report.last_error}</bdi>
            </Alert>
          )}
          {resend.error && <Alert color="red">{errorMessage(resend.error)}</Alert>}
          {report.can_resend && (
            <Group>
              <Button onClick={() => resend.mutate(report.id)} loading={resend.isPending} data-testid="e-report-resend">
                {t('eReporting.resend')}
              </Button>
            </Group>
          )}
          <PagedTable
            columns={columns}
            rows={report.lines}
            rowKey={(l) => `${l.date}-${l.rate_bp}`}
            caption={t('eReporting.detail.lines')}
            emptyText={t('eReporting.detail.noLine')}
            footer={
              <Text size="sm" fw={600} data-testid="e-report-totals">
                {t('eReporting.detail.totals', {
                  amount: formatEuros(report.totals.amount_cents),
                  tax: formatEuros(report.totals.tax_cents),
                  count: report.totals.count,
                })}
              </Text>
            }
          />
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {report.kind === 'payments' ? t('eReporting.detail.payments') : t('eReporting.detail.documents')}
            </Text>
            {report.items.map((item, i) => (
              <Text size="sm" key={i}>
                <span dir="ltr">{item.number}</span> — {formatDate(item.date)}
                {item.amount_cents !== null && ` — ${formatEuros(item.amount_cents)}`}
                {item.kind === 'credit-note' && ` (${t('eReporting.detail.creditNote')})`}
              </Text>
            ))}
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('eReporting.detail.history')}
            </Text>
            <Table>
              <Table.Tbody>
                {report.history.map((h, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{formatDateTime(h.at)}</Table.Td>
                    <Table.Td>{t(`eReporting.states.${h.state}`)}</Table.Td>
                    <Table.Td>{h.note && <bdi>{h.note}</bdi>}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
          <Text size="xs" c="dimmed" dir="ltr">
            {report.tracking_id}
            {report.flow_id && ` · ${report.flow_id}`}
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
