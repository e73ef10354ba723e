import { useState } from 'react';
import { Button, Card, Group, Paper, Stack, Text, Title, useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { PriceTrends } from '@ouvrage/contracts';
import { FigureTable, type FigureTableData } from '../../../components/ui/figure-table';
import { AreaChart } from '../../../components/ui/lazy-charts';
import { ltr } from '../../../lib/bidi';
import { formatEuros, formatNumber } from '../../../lib/format';
import { shortUnit } from '../../../lib/units';
import { keyLabel } from '../model/label';
import { splitQuarter } from '../model/quarter';

export type TrendLine = PriceTrends['lines'][number];

export function quarterLabel(t: TFunction, quarter: string): string {
  return t('priceTrends.quarter', splitQuarter(quarter));
}

/** The figures of one line as a table: each quarter's Q1, median, Q3 and number of quotes. */
export function trendTable(t: TFunction, line: TrendLine): FigureTableData {
  return {
    caption: t('priceTrends.chart.caption', { line: keyLabel(line.label), unit: shortUnit(t, line.unit) }),
    head: [t('priceTrends.chart.quarter'), t('priceTrends.chart.q1'), t('priceTrends.chart.median'), t('priceTrends.chart.q3'), t('priceTrends.chart.quotes')],
    rows: line.points.map((p) => ({
      key: p.quarter,
      cells: [quarterLabel(t, p.quarter), formatEuros(p.q1_cents), formatEuros(p.median_cents), formatEuros(p.q3_cents), formatNumber(p.quotes)],
    })),
  };
}

/** The chart's figures in words, for its image label: first and last quarters' medians and ranges. */
export function trendSummary(t: TFunction, line: TrendLine): string {
  const first = line.points[0];
  const last = line.points[line.points.length - 1];
  if (!first || !last) return t('priceTrends.chart.empty');
  const point = (p: typeof first) => ({
    quarter: quarterLabel(t, p.quarter),
    median: ltr(formatEuros(p.median_cents)),
    low: ltr(formatEuros(p.q1_cents)),
    high: ltr(formatEuros(p.q3_cents)),
  });
  return first === last
    ? t('priceTrends.chart.summaryOne', { line: keyLabel(line.label), ...point(first) })
    : t('priceTrends.chart.summary', {
        line: keyLabel(line.label),
        count: line.points.length,
        from: point(first),
        to: point(last),
      });
}

function TrendTooltip({ point }: { point: TrendLine['points'][number] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder shadow="md" p="xs" fz="sm">
      <Text fw={600} size="sm">
        {quarterLabel(t, point.quarter)}
      </Text>
      <Text size="sm">{t('priceTrends.chart.tipMedian', { amount: ltr(formatEuros(point.median_cents)) })}</Text>
      <Text size="sm">{t('priceTrends.chart.tipRange', { low: ltr(formatEuros(point.q1_cents)), high: ltr(formatEuros(point.q3_cents)) })}</Text>
      <Text size="xs" c="dimmed">
        {t('priceTrends.chart.tipQuotes', { count: formatNumber(point.quotes) })}
      </Text>
    </Paper>
  );
}

/**
 * One normalised line's quarterly figures: the median as a line over the Q1–Q3 band, and the same
 * figures as a table (« Voir le tableau », decision 0814). In Arabic the quarters run from the
 * right and the amounts' axis stands on the right, as the dashboards' charts do.
 */
export function TrendChart({ line }: { line: TrendLine }) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const [asTable, setAsTable] = useState(false);
  const euros = (value: number) => formatEuros(Math.round(value * 100), { wholeEuros: true });
  const data = line.points.map((p) => ({
    quarter: quarterLabel(t, p.quarter),
    band: [p.q1_cents / 100, p.q3_cents / 100],
    median: p.median_cents / 100,
    point: p,
  }));
  const table = trendTable(t, line);
  return (
    <Card withBorder padding="md" data-testid="price-trend" data-line-key={line.line_key}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
        <Stack gap={0} style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
            <bdi>{keyLabel(line.label)}</bdi>
          </Title>
          <Text size="xs" c="dimmed">
            {t('priceTrends.chart.unit', { unit: shortUnit(t, line.unit) })}
          </Text>
        </Stack>
        <Button variant="subtle" size="compact-sm" onClick={() => setAsTable((v) => !v)} aria-pressed={asTable} data-testid="price-trend-toggle">
          {asTable ? t('priceTrends.chart.showChart') : t('priceTrends.chart.showTable')}
        </Button>
      </Group>
      {asTable ? (
        <FigureTable table={table} testId="price-trend-table" minWidth={420} />
      ) : (
        <div role="img" aria-label={trendSummary(t, line)} data-testid="price-trend-chart">
          <div dir="ltr">
            <AreaChart
              h={220}
              data={data}
              dataKey="quarter"
              series={[
                { name: 'band', label: t('priceTrends.chart.band'), color: 'blue.3' },
                { name: 'median', label: t('priceTrends.chart.median'), color: 'blue.8' },
              ]}
              // The band is the area between Q1 and Q3; the median a line with its points.
              areaProps={(series) => (series.name === 'band' ? { dot: false, activeDot: false, strokeWidth: 1 } : { fillOpacity: 0 })}
              valueFormatter={euros}
              // The kit's tooltip shows a range as its width: this one says the quarter's figures.
              tooltipProps={{
                content: ({ payload }) => {
                  const p = (payload?.[0]?.payload as (typeof data)[number] | undefined)?.point;
                  return p ? <TrendTooltip point={p} /> : null;
                },
              }}
              withLegend
              legendProps={{ verticalAlign: 'bottom' }}
              tooltipAnimationDuration={0}
              curveType="linear"
              {...(dir === 'rtl'
                ? {
                    xAxisProps: { reversed: true },
                    // The kit moves its ticks 10 px towards a left axis: towards the plot for a right one.
                    yAxisProps: { orientation: 'right' as const, width: 80, tick: { transform: 'translate(10, 0)', fontSize: 12, fill: 'currentColor' } },
                  }
                : { yAxisProps: { width: 80 } })}
            />
          </div>
        </div>
      )}
    </Card>
  );
}
