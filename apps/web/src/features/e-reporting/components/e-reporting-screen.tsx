import { useState } from 'react';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EReportingPeriodItem } from '@ouvrage/contracts';
import { DetailHeader } from '../../../components/ui/detail-header';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { formatDate, formatEuros } from '../../../lib/format';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useEReportingPeriods, useResendEReport } from '../api/e-reports';
import { EReportDetail } from './e-report-detail';
import { EReportStatusBadge } from './e-report-status-badge';

/**
 * « Déclarations e-reporting » (issue 37 §2, decision 1213): the architect's consumer sales
 * reported period by period through their PA — each period's status, what it contained, and
 * « Renvoyer » on a failed one.
 */
export function EReportingScreen({ today = new Date() }: { today?: Date }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const current = today.getFullYear();
  const [year, setYear] = useState(current);
  const [opened, setOpened] = useState<number | null>(null);
  const query = useEReportingPeriods(year);
  const resend = useResendEReport();
  const columns: PagedTableColumn<EReportingPeriodItem>[] = [
    {
      key: 'period',
      header: t('eReporting.list.period'),
      card: 'title',
      cell: (p) => t('eReporting.period', { start: formatDate(p.period_start), end: formatDate(p.period_end) }),
    },
    { key: 'kind', header: t('eReporting.list.kind'), card: 'detail', cell: (p) => t(`eReporting.kinds.${p.kind}`) },
    { key: 'status', header: t('eReporting.list.status'), nowrap: true, card: 'badge', cell: (p) => <EReportStatusBadge status={p.status} /> },
    {
      key: 'amount',
      header: t('eReporting.list.amount'),
      align: 'end',
      nowrap: true,
      card: 'figure',
      cell: (p) => (p.totals ? formatEuros(p.totals.amount_cents) : '—'),
    },
    {
      key: 'tax',
      header: t('eReporting.list.tax'),
      align: 'end',
      nowrap: true,
      card: 'figure',
      cell: (p) => (p.totals ? formatEuros(p.totals.tax_cents) : '—'),
    },
    { key: 'due', header: t('eReporting.list.due'), nowrap: true, card: 'detail', cell: (p) => formatDate(p.due_date) },
    {
      key: 'action',
      header: t('eReporting.list.action'),
      card: 'action',
      cell: (p) =>
        p.id === null ? null : (
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="light" onClick={() => setOpened(p.id)} data-testid={`e-report-open-${p.id}`}>
              {t('eReporting.list.open')}
            </Button>
            {p.state === 'failed' && (
              <Button
                size="xs"
                color="red"
                loading={resend.isPending && resend.variables === p.id}
                onClick={() => resend.mutate(p.id!)}
                data-testid={`e-report-resend-${p.id}`}
              >
                {t('eReporting.resend')}
              </Button>
            )}
          </Group>
        ),
    },
  ];
  const years = Array.from({ length: 4 }, (_, i) => String(current - i));
  return (
    <Stack gap="md">
      <DetailHeader
        back={{ to: '/facture/list', label: t('eReporting.back') }}
        title={t('eReporting.title')}
        actions={
          <Select
            aria-label={t('eReporting.year')}
            data={years}
            value={String(year)}
            onChange={(v) => v && setYear(Number(v))}
            allowDeselect={false}
            w={110}
            data-testid="e-reporting-year"
          />
        }
      >
        <Text size="sm" c="dimmed">
          {t('eReporting.intro')}
        </Text>
      </DetailHeader>
      {query.data && !query.data.connected && (
        <Alert color="yellow" data-testid="e-reporting-not-connected">
          {t('eReporting.notConnected')}
        </Alert>
      )}
      {resend.error && <Alert color="red">{errorMessage(resend.error)}</Alert>}
      <PagedTable
        columns={columns}
        rows={query.data?.periods}
        rowKey={(p) => `${p.kind}-${p.period_start}`}
        caption={t('eReporting.list.caption', { year })}
        captionHidden
        loading={query.isPending}
        error={query.error}
        emptyText={t('eReporting.list.empty')}
        rowProps={(p) => ({ 'data-status': p.status })}
        data-testid="e-reporting-periods"
      />
      {opened !== null && <EReportDetail id={opened} onClose={() => setOpened(null)} />}
    </Stack>
  );
}

export default EReportingScreen;
