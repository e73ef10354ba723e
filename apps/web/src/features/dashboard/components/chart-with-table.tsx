import { useState, type ReactNode } from 'react';
import { Button, Group, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface FigureTable {
  caption: string;
  head: string[];
  rows: Array<{ key: string; cells: string[] }>;
}

/**
 * A chart and its text alternative (decision 0814): the chart is an image whose label gives the
 * figures in words; « Voir le tableau » swaps it for a table of the same figures (first column a
 * row header), for screen readers, keyboards and whoever wants exact amounts.
 */
export function ChartWithTable({ label, chart, table, testId }: { label: string; chart: ReactNode; table: FigureTable; testId: string }) {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Button variant="subtle" size="compact-sm" onClick={() => setAsTable((v) => !v)} aria-pressed={asTable} data-testid={`${testId}-toggle`}>
          {asTable ? t('dashboards.common.showChart') : t('dashboards.common.showTable')}
        </Button>
      </Group>
      {asTable ? (
        <Table.ScrollContainer minWidth={280}>
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
                <Table.Tr key={row.key}>
                  {row.cells.map((cell, i) =>
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
      ) : (
        <div role="img" aria-label={label} data-testid={`${testId}-chart`}>
          {chart}
        </div>
      )}
    </Stack>
  );
}
