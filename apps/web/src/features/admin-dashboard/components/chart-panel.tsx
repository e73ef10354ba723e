import { useState, type ReactNode } from 'react';
import { Card, Group, SegmentedControl, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FigureTable } from '../../../components/ui/figure-table';

export interface DataTable {
  caption: string;
  head: string[];
  rows: Array<Array<string | number>>;
}

/**
 * A widget with a chart and the same figures as a table (decision 0823): the chart is an image
 * whose label says its figures in words; the switch shows the table instead, for screen readers,
 * keyboard users and anyone who wants the exact numbers.
 */
export function ChartPanel({
  title,
  summary,
  label,
  chart,
  table,
  testId,
  children,
}: {
  title: string;
  summary?: ReactNode;
  label: string;
  chart: ReactNode;
  table: DataTable;
  testId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Group justify="space-between" align="flex-start" mb="xs" wrap="wrap" gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        <SegmentedControl
          size="xs"
          aria-label={t('adminDashboard.view.label', { what: title })}
          value={view}
          onChange={(v) => setView(v as 'chart' | 'table')}
          data={[
            { value: 'chart', label: t('adminDashboard.view.chart') },
            { value: 'table', label: t('adminDashboard.view.table') },
          ]}
        />
      </Group>
      {summary && (
        <Text size="sm" c="dimmed" mb="xs">
          {summary}
        </Text>
      )}
      {children}
      {view === 'chart' ? (
        <div role="img" aria-label={label}>
          {chart}
        </div>
      ) : (
        <FigureTable
          table={{ caption: table.caption, head: table.head, rows: table.rows.map((row) => ({ key: String(row[0]), cells: row })) }}
          testId={`${testId}-table`}
          minWidth={320}
        />
      )}
    </Card>
  );
}
