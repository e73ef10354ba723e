import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { dashboardRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { dashboardKeys } from './keys';

const professionalDashboardQuery = () => queryOptions({ queryKey: dashboardKeys.professional(), queryFn: () => callEndpoint(dashboardRoutes.professional) });

/** `GET api/dashboard/professionnel`: available tenders, accepted projects, profile checklist, answer rate. */
export function useProfessionalDashboard(enabled = true) {
  return useQuery({ ...professionalDashboardQuery(), enabled });
}

/** Read before the dashboard's first render (decision 0971). */
export function prefetchProfessionalDashboard(client: QueryClient): Promise<void> {
  return client.prefetchQuery(professionalDashboardQuery());
}
