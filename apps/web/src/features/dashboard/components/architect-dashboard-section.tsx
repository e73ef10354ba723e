import { useState } from 'react';
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CHART_PERIOD, isValidated } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SectionLoader } from './section-loader';
import { useCurrentUser } from '../../../lib/auth';
import { useArchitectDashboard } from '../api/architect-dashboard';
import { AmountsPerMonthWidget } from './amounts-per-month-widget';
import { ConversionWidget } from './conversion-widget';
import { GuaranteesWidget } from './guarantees-widget';
import { OverdueInvoicesWidget } from './overdue-invoices-widget';
import { PeriodSelect } from './period-select';
import { QuotePipelineWidget } from './quote-pipeline-widget';

/** The architect's agency figures (issue 12): quotes, conversion, invoiced and received per month, overdue invoices, guarantees. */
export default function ArchitectDashboardSection() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const validated = !!user && isValidated(user);
  const [periode, setPeriode] = useState(DEFAULT_CHART_PERIOD);
  const dashboard = useArchitectDashboard(periode, validated);
  if (!validated) return null;
  if (dashboard.isPending) return <SectionLoader />;
  if (!dashboard.data) return <ErrorAlert error={dashboard.error} />;
  const d = dashboard.data;
  const currentYear = new Date().getFullYear();
  return (
    <Stack gap="md" data-testid="architect-dashboard">
      <Title order={2} size="h4">
        {t('dashboards.architect.title')}
      </Title>
      <ErrorAlert error={dashboard.error} />
      <AmountsPerMonthWidget
        months={d.months}
        totals={d.totals}
        periodControl={<PeriodSelect value={periode} onChange={setPeriode} currentYear={currentYear} />}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <QuotePipelineWidget pipeline={d.pipeline} />
        <Stack gap="md">
          <ConversionWidget conversion={d.conversion} />
          <GuaranteesWidget guarantees={d.guarantees} />
        </Stack>
      </SimpleGrid>
      <OverdueInvoicesWidget overdue={d.overdue_invoices} />
    </Stack>
  );
}
