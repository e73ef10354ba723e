import { useState } from 'react';
import { Anchor, Card, Group, List, Loader, SegmentedControl, SimpleGrid, Stack, Text, Title, useDirection } from '@mantine/core';
import { BarChart, DonutChart } from '../../../components/ui/lazy-charts';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminDashboard } from '@ouvrage/contracts';
import { DASHBOARD_PERIODS, DEFAULT_DASHBOARD_PERIOD, type DashboardPeriod, type ProjectState } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { formatDate, formatEuros, formatNumber } from '../../../lib/format';
import { useAdminDashboard } from '../api/admin-dashboard';
import { formatMonth, formatRate } from '../model/month';
import { ChartPanel } from './chart-panel';
import { Ltr } from '../../../components/ui/bdi';

const STATE_COLORS: Record<ProjectState, string> = {
  'En attente': 'yellow.6',
  Validé: 'teal.6',
  'En consultation': 'cyan.7',
  Attribué: 'indigo.6',
  'En cours': 'blue.7',
  Terminé: 'green.8',
  Annulé: 'gray.6',
};

const OUTCOMES = [
  ['converted', 'green.7'],
  ['pending', 'blue.6'],
  ['refused', 'red.7'],
  ['expired', 'orange.7'],
  ['cancelled', 'gray.6'],
] as const;

/**
 * The admin's dashboard widgets (issue 12, decisions 0820–0823): the queues of today (projects to
 * review, professionals to validate) and the flows of the chosen period, each chart with its table.
 */
export default function AdminDashboardSection() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<DashboardPeriod>(DEFAULT_DASHBOARD_PERIOD);
  const figures = useAdminDashboard(period);

  return (
    <Stack gap="sm" data-testid="admin-dashboard">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} size="h4">
          {t('adminDashboard.title')}
        </Title>
        <Group gap="xs" align="center">
          <Text size="sm" id="admin-dashboard-period" fw={500}>
            {t('adminDashboard.period')}
          </Text>
          <SegmentedControl
            aria-labelledby="admin-dashboard-period"
            data-testid="admin-dashboard-period"
            value={period}
            onChange={(v) => setPeriod(v as DashboardPeriod)}
            data={DASHBOARD_PERIODS.map((p) => ({ value: p, label: t(`adminDashboard.periods.${p}`) }))}
          />
          {figures.isFetching && <Loader size="xs" aria-hidden />}
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {t('adminDashboard.periodHint')}
      </Text>
      <ErrorAlert error={figures.error} />
      {figures.isPending && <Loader aria-label={t('common.loading')} />}
      {figures.data && <Widgets data={figures.data} />}
    </Stack>
  );
}

function Widgets({ data }: { data: AdminDashboard }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <ToReview data={data} />
      <ProsPending data={data} />
      <ProjectsByState data={data} />
      <QuoteConversion data={data} />
      <TendersPerMonth data={data} />
      <BillingPerMonth data={data} />
    </SimpleGrid>
  );
}

function BigNumber({ value, text }: { value: number; text: string }) {
  return (
    <Group gap="xs" align="baseline" wrap="nowrap">
      <Text fz={32} fw={700} lh={1}>
        {formatNumber(value)}
      </Text>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Group>
  );
}

function ToReview({ data }: { data: AdminDashboard }) {
  const { t } = useTranslation();
  const { count, oldest } = data.to_review;
  return (
    <Card withBorder padding="md" data-testid="widget-to-review">
      <Title order={3} size="h5" mb="xs">
        {t('adminDashboard.toReview.title')}
      </Title>
      <BigNumber value={count} text={t('adminDashboard.toReview.text')} />
      {oldest.length === 0 ? (
        <Text size="sm" c="dimmed" mt="sm">
          {t('adminDashboard.toReview.none')}
        </Text>
      ) : (
        <>
          <Text size="sm" fw={500} mt="sm">
            {t('adminDashboard.toReview.oldest')}
          </Text>
          <List size="sm" spacing={4} listStyleType="none" mt={4}>
            {oldest.map((p) => (
              <List.Item key={p.id}>
                <Anchor component={Link} to={`/single-projet/${p.id}`} aria-label={t('adminDashboard.toReview.open', { id: p.id })}>
                  {t('adminDashboard.board.card', { id: p.id })}
                </Anchor>{' '}
                — {p.client_name}, <Ltr>{`${p.postcode} ${p.city}`}</Ltr> · <Ltr>{formatDate(p.created_at)}</Ltr>
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Card>
  );
}

function ProsPending({ data }: { data: AdminDashboard }) {
  const { t } = useTranslation();
  const { count, oldest } = data.pros_pending;
  return (
    <Card withBorder padding="md" data-testid="widget-pros-pending">
      <Title order={3} size="h5" mb="xs">
        {t('adminDashboard.prosPending.title')}
      </Title>
      <BigNumber value={count} text={t('adminDashboard.prosPending.text')} />
      {oldest.length === 0 ? (
        <Text size="sm" c="dimmed" mt="sm">
          {t('adminDashboard.prosPending.none')}
        </Text>
      ) : (
        <List size="sm" spacing={4} listStyleType="none" mt="sm">
          {oldest.map((u) => (
            <List.Item key={u.id}>
              <Anchor component={Link} to={`/gestion-user/professionnel/${u.id}`}>
                {u.name}
              </Anchor>{' '}
              — {t(`adminDashboard.userTypes.${u.user_type}`)} · <Ltr>{formatDate(u.created_at)}</Ltr>
            </List.Item>
          ))}
        </List>
      )}
      <Anchor component={Link} to="/gestion-user/pro-list" size="sm" mt="sm" display="inline-block">
        {t('adminDashboard.prosPending.list')}
      </Anchor>
    </Card>
  );
}

function Legend({ items }: { items: Array<{ key: string; label: string; value: string; color: string }> }) {
  return (
    <Stack gap={4}>
      {items.map((i) => (
        <Group key={i.key} gap={6} wrap="nowrap">
          <span aria-hidden style={{ width: 12, height: 12, borderRadius: 3, flex: 'none', background: `var(--mantine-color-${i.color.replace('.', '-')})` }} />
          <Text size="sm">{i.label}</Text>
          <Text size="sm" fw={700}>
            {i.value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function ProjectsByState({ data }: { data: AdminDashboard }) {
  const { t } = useTranslation();
  const items = data.projects_by_state.items;
  const rows = items.map((i) => ({ key: i.state, label: t(`projects.states.${i.state}`), value: formatNumber(i.count), color: STATE_COLORS[i.state] }));
  const summary = rows.map((r) => `${r.label} ${r.value}`).join(', ');
  return (
    <ChartPanel
      testId="widget-states"
      title={t('adminDashboard.states.title')}
      summary={t('adminDashboard.states.text', { count: data.projects_by_state.total })}
      label={t('adminDashboard.states.chartLabel', { summary })}
      table={{
        caption: t('adminDashboard.states.title'),
        head: [t('adminDashboard.states.state'), t('adminDashboard.states.count')],
        rows: rows.map((r) => [r.label, r.value]),
      }}
      chart={
        <Group gap="lg" wrap="wrap" align="center">
          <DonutChart
            data={items.filter((i) => i.count > 0).map((i) => ({ name: t(`projects.states.${i.state}`), value: i.count, color: STATE_COLORS[i.state] }))}
            size={150}
            thickness={26}
            chartLabel={formatNumber(data.projects_by_state.total)}
            withTooltip={false}
          />
          <Legend items={rows} />
        </Group>
      }
    />
  );
}

function QuoteConversion({ data }: { data: AdminDashboard }) {
  const { t } = useTranslation();
  const q = data.quotes;
  const rows = OUTCOMES.map(([key, color]) => ({ key, label: t(`adminDashboard.quotes.outcomes.${key}`), value: formatNumber(q[key]), count: q[key], color }));
  const summary = rows.map((r) => `${r.label} ${r.value}`).join(', ');
  return (
    <ChartPanel
      testId="widget-quotes"
      title={t('adminDashboard.quotes.title')}
      label={t('adminDashboard.quotes.chartLabel', { summary })}
      table={{
        caption: t('adminDashboard.quotes.title'),
        head: [t('adminDashboard.quotes.outcome'), t('adminDashboard.quotes.count')],
        rows: rows.map((r) => [r.label, r.value]),
      }}
      chart={
        <Group gap="lg" wrap="wrap" align="center">
          <DonutChart
            data={rows.filter((r) => r.count > 0).map((r) => ({ name: r.label, value: r.count, color: r.color }))}
            size={150}
            thickness={26}
            withTooltip={false}
          />
          <Legend items={rows} />
        </Group>
      }
    >
      <Group gap="xs" align="baseline" mb="xs" wrap="wrap">
        <Text fz={32} fw={700} lh={1} data-testid="quote-rate">
          {formatRate(q.rate_bp)}
        </Text>
        <Text size="sm" c="dimmed">
          {t('adminDashboard.quotes.rate')} — {t('adminDashboard.quotes.rateText', { converted: q.converted, sent: q.sent })}
        </Text>
      </Group>
      <Text size="sm" mb="xs">
        {t('adminDashboard.quotes.amount', { amount: formatEuros(q.converted_ht_cents) })}
      </Text>
    </ChartPanel>
  );
}

function useAxisDirection() {
  // In Arabic the months read from right to left, the values' axis on the right.
  const { dir } = useDirection();
  return dir === 'rtl' ? { xAxisProps: { reversed: true }, yAxisProps: { orientation: 'right' as const } } : {};
}

interface MonthlySeries<K extends string> {
  name: K;
  label: string;
  color: string;
}

/** A widget of three figures per month: bars with a legend, and the same figures as a table. */
function MonthlyBars<K extends string>(props: {
  testId: string;
  title: string;
  summary: string;
  label: string;
  months: Array<{ month: string } & Record<K, number>>;
  series: Array<MonthlySeries<K>>;
  format: (value: number) => string;
  /** Chart axis labels, when they differ from the table's cells (whole euros). */
  axisFormat?: (value: number) => string;
  axisWidth?: number;
}) {
  const { t } = useTranslation();
  const axis = useAxisDirection();
  const chartData = props.months.map((m) => ({ ...m, month: formatMonth(m.month) }));
  return (
    <ChartPanel
      testId={props.testId}
      title={props.title}
      summary={props.summary}
      label={props.label}
      table={{
        caption: props.title,
        head: [t('adminDashboard.month'), ...props.series.map((s) => s.label)],
        rows: chartData.map((m) => [m.month, ...props.series.map((s) => props.format(m[s.name]))]),
      }}
      chart={
        <BarChart
          h={240}
          data={chartData}
          dataKey="month"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          tickLine="y"
          valueFormatter={props.axisFormat}
          yAxisProps={{ ...(props.axisWidth ? { width: props.axisWidth } : {}), ...(axis.yAxisProps ?? {}) }}
          xAxisProps={axis.xAxisProps}
          series={props.series}
        />
      }
    />
  );
}

function TendersPerMonth({ data }: { data: AdminDashboard }) {
  const { t } = useTranslation();
  const tenders = data.tenders;
  const summary = t('adminDashboard.tenders.summary', { sent: tenders.sent, accepted: tenders.accepted, refused: tenders.refused });
  return (
    <MonthlyBars
      testId="widget-tenders"
      title={t('adminDashboard.tenders.title')}
      summary={summary}
      label={t('adminDashboard.tenders.chartLabel', { summary })}
      months={tenders.by_month}
      format={formatNumber}
      series={[
        { name: 'sent', label: t('adminDashboard.tenders.sent'), color: 'blue.6' },
        { name: 'accepted', label: t('adminDashboard.tenders.accepted'), color: 'green.7' },
        { name: 'refused', label: t('adminDashboard.tenders.refused'), color: 'red.7' },
      ]}
    />
  );
}

function BillingPerMonth({ data }: { data: AdminDashboard }) {
  const { t } = useTranslation();
  const billing = data.billing;
  const summary = t('adminDashboard.billing.summary', {
    invoiced: formatEuros(billing.invoiced_cents),
    credited: formatEuros(billing.credited_cents),
    received: formatEuros(billing.received_cents),
  });
  return (
    <MonthlyBars
      testId="widget-billing"
      title={t('adminDashboard.billing.title')}
      summary={summary}
      label={t('adminDashboard.billing.chartLabel', { summary })}
      months={billing.by_month}
      format={(cents) => formatEuros(cents)}
      axisFormat={(cents) => formatEuros(cents, { wholeEuros: true })}
      axisWidth={90}
      series={[
        { name: 'invoiced_cents', label: t('adminDashboard.billing.invoiced'), color: 'indigo.6' },
        { name: 'credited_cents', label: t('adminDashboard.billing.credited'), color: 'orange.7' },
        { name: 'received_cents', label: t('adminDashboard.billing.received'), color: 'teal.7' },
      ]}
    />
  );
}
