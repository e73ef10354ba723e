import { useState, type ReactNode } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FigureTable, type FigureTableData } from '../../../components/ui/figure-table';

/**
 * A chart and its text alternative (decision 0814): the chart is an image whose label gives the
 * figures in words; « Voir le tableau » swaps it for a table of the same figures (first column a
 * row header), for screen readers, keyboards and whoever wants exact amounts.
 */
export function ChartWithTable({ label, chart, table, testId }: { label: string; chart: ReactNode; table: FigureTableData; testId: string }) {
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
        <FigureTable table={table} testId={`${testId}-table`} />
      ) : (
        <div role="img" aria-label={label} data-testid={`${testId}-chart`}>
          {chart}
        </div>
      )}
    </Stack>
  );
}
