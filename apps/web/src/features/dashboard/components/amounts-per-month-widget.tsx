import { BarChart } from '../../../components/ui/lazy-charts';
import { Text, useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ArchitectDashboard } from '@ouvrage/contracts';
import { ltr } from '../../../lib/bidi';
import { formatEuros } from '../../../lib/format';
import { chartDirectionProps } from '../model/chart-direction';
import { monthLabel } from '../model/month-label';
import { ChartWithTable } from './chart-with-table';
import { WidgetCard } from './widget-card';

/** Amounts invoiced (TTC, credit notes deducted) and received (confirmed payments) per month of the period. */
export function AmountsPerMonthWidget({
  months,
  totals,
  periodControl,
}: {
  months: ArchitectDashboard['months'];
  totals: ArchitectDashboard['totals'];
  periodControl: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const invoiced = t('dashboards.architect.amounts.invoiced');
  const received = t('dashboards.architect.amounts.received');
  // Euros for the chart's scale; the labels format them back from cents.
  const data = months.map((m) => ({ month: monthLabel(m.month), invoiced: m.invoiced_cents / 100, received: m.received_cents / 100 }));
  const euros = (v: number) => formatEuros(Math.round(v * 100), { wholeEuros: true });
  return (
    <WidgetCard order={3} title={t('dashboards.architect.amounts.title')} testId="amounts-per-month" action={periodControl}>
      <Text size="sm" data-testid="amounts-totals">
        {t('dashboards.architect.amounts.totals', { invoiced: ltr(formatEuros(totals.invoiced_cents)), received: ltr(formatEuros(totals.received_cents)) })}
      </Text>
      <ChartWithTable
        testId="amounts-per-month"
        label={t('dashboards.architect.amounts.label', { invoiced: formatEuros(totals.invoiced_cents), received: formatEuros(totals.received_cents) })}
        chart={
          <div dir="ltr">
            <BarChart
              h={280}
              data={data}
              dataKey="month"
              series={[
                { name: 'invoiced', label: invoiced, color: 'blue.6' },
                { name: 'received', label: received, color: 'teal.6' },
              ]}
              valueFormatter={euros}
              withLegend
              legendProps={{ verticalAlign: 'bottom' }}
              tooltipAnimationDuration={0}
              {...chartDirectionProps(dir, { width: 90 })}
            />
          </div>
        }
        table={{
          caption: t('dashboards.architect.amounts.caption'),
          head: [t('dashboards.architect.amounts.month'), invoiced, received],
          rows: months.map((m) => ({ key: m.month, cells: [monthLabel(m.month, 'long'), formatEuros(m.invoiced_cents), formatEuros(m.received_cents)] })),
        }}
      />
    </WidgetCard>
  );
}
