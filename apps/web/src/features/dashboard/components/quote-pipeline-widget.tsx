import { BarChart } from '../../../components/ui/lazy-charts';
import { useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ArchitectDashboard } from '@ouvrage/contracts';
import { formatEuros, formatNumber } from '../../../lib/format';
import { chartDirectionProps } from '../model/chart-direction';
import { ChartWithTable } from './chart-with-table';
import { WidgetCard } from './widget-card';

/** The architect's quotes by stage (drafts, sent, accepted, refused): number and HT amount. */
export function QuotePipelineWidget({ pipeline }: { pipeline: ArchitectDashboard['pipeline'] }) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const stage = (s: string) => t(`dashboards.architect.pipeline.stages.${s}`);
  const data = pipeline.map((p) => ({ stage: stage(p.stage), count: p.count }));
  const list = pipeline
    .map((p) => t('dashboards.architect.pipeline.item', { stage: stage(p.stage), count: p.count, amount: formatEuros(p.total_ht_cents) }))
    .join(' ; ');
  return (
    <WidgetCard order={3} title={t('dashboards.architect.pipeline.title')} testId="quote-pipeline">
      <ChartWithTable
        testId="quote-pipeline"
        label={t('dashboards.architect.pipeline.label', { list })}
        chart={
          <div dir="ltr">
            <BarChart
              h={220}
              data={data}
              dataKey="stage"
              series={[{ name: 'count', label: t('dashboards.architect.pipeline.count'), color: 'blue.6' }]}
              valueFormatter={(v) => formatNumber(v)}
              tooltipAnimationDuration={0}
              {...chartDirectionProps(dir, { allowDecimals: false })}
            />
          </div>
        }
        table={{
          caption: t('dashboards.architect.pipeline.caption'),
          head: [t('dashboards.architect.pipeline.stage'), t('dashboards.architect.pipeline.count'), t('dashboards.architect.pipeline.amount')],
          rows: pipeline.map((p) => ({ key: p.stage, cells: [stage(p.stage), formatNumber(p.count), formatEuros(p.total_ht_cents)] })),
        }}
      />
    </WidgetCard>
  );
}
