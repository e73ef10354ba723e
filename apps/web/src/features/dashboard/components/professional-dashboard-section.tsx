import { SimpleGrid, Stack } from '@mantine/core';
import { isValidated } from '@ouvrage/domain';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SectionLoader } from './section-loader';
import { useCurrentUser } from '../../../lib/auth';
import { prefetchProfessionalDashboard, useProfessionalDashboard } from '../api/professional-dashboard';
import { AcceptedProjectsWidget } from './accepted-projects-widget';
import { AnswerRateWidget } from './answer-rate-widget';
import { AvailableTendersWidget } from './available-tenders-widget';
import { ProfileChecklistWidget } from './profile-checklist-widget';

/** The section's figures, read before the dashboard's first render (`app/dashboard-sections.tsx`). */
export const prefetch = prefetchProfessionalDashboard;

/** The professionnel's, dessinateur's and architecte's common dashboard (issue 12). */
export default function ProfessionalDashboardSection() {
  const user = useCurrentUser();
  const dashboard = useProfessionalDashboard(!!user);
  if (!user) return null;
  if (dashboard.isPending) return <SectionLoader />;
  if (!dashboard.data) return <ErrorAlert error={dashboard.error} />;
  const d = dashboard.data;
  return (
    <Stack gap="md" data-testid="professional-dashboard">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <AvailableTendersWidget tenders={d.tenders_available} validated={isValidated(user)} />
        <AcceptedProjectsWidget projects={d.accepted_projects} />
        <AnswerRateWidget rate={d.answer_rate} />
        <ProfileChecklistWidget profile={d.profile} />
      </SimpleGrid>
    </Stack>
  );
}
