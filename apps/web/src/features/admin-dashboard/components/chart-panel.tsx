import { useState, type ReactNode } from 'react';
import { Card, Group, SegmentedControl, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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
export function ChartPanel({ title, summary, label, chart, table, testId, children }: { title: string; summary?: ReactNode; label: string; chart: ReactNode; table: DataTable; testId: string; children?: ReactNode }) {
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
        <Table.ScrollContainer minWidth={320}>
          <Table striped withTableBorder data-testid={`${testId}-table`}>
            <Table.Caption>{table.caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {table.head.map((h) => (
                  <Table.Th key={h} scope="col">
                    {h}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.rows.map((row) => (
                <Table.Tr key={String(row[0])}>
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <Table.Th key={i} scope="row" fw={500}>
                        {cell}
                      </Table.Th>
                    ) : (
                      <Table.Td key={i}>{cell}</Table.Td>
                    ),
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
