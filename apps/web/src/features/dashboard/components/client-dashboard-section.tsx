import { SimpleGrid, Stack } from '@mantine/core';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SectionLoader } from './section-loader';
import { prefetchClientDashboard, useClientDashboard } from '../api/client-dashboard';
import { ClientProjectsWidget } from './client-projects-widget';
import { DocumentsToSignWidget } from './documents-to-sign-widget';
import { InvoicesToPayWidget } from './invoices-to-pay-widget';
import { NextStepsCard } from './next-steps-card';
import { QuotesAwaitingWidget } from './quotes-awaiting-widget';

/** The section's figures, read before the dashboard's first render (`app/dashboard-sections.tsx`). */
export const prefetch = prefetchClientDashboard;

/** The client's dashboard (issue 12): next steps, then projects, quotes to answer, documents to sign, invoices to pay. */
export default function ClientDashboardSection() {
  const dashboard = useClientDashboard();
  if (dashboard.isPending) return <SectionLoader />;
  if (!dashboard.data) return <ErrorAlert error={dashboard.error} />;
  const d = dashboard.data;
  return (
    <Stack gap="md" data-testid="client-dashboard">
      <NextStepsCard steps={d.next_steps} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <QuotesAwaitingWidget quotes={d.quotes_awaiting} />
        <DocumentsToSignWidget documents={d.documents_to_sign} />
        <InvoicesToPayWidget invoices={d.invoices_to_pay} />
      </SimpleGrid>
      <ClientProjectsWidget projects={d.projects} />
    </Stack>
  );
}
