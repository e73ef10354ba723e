import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { dashboardRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { dashboardKeys } from './keys';

const clientDashboardQuery = () => queryOptions({ queryKey: dashboardKeys.client(), queryFn: () => callEndpoint(dashboardRoutes.client) });

/** `GET api/dashboard/client`: the client's projects, quotes to answer, documents to sign, invoices to pay, next steps. */
export function useClientDashboard(enabled = true) {
  return useQuery({ ...clientDashboardQuery(), enabled });
}

/** Read before the dashboard's first render (decision 0971). */
export function prefetchClientDashboard(client: QueryClient): Promise<void> {
  return client.prefetchQuery(clientDashboardQuery());
}
