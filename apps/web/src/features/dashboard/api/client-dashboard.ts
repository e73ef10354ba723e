import { useQuery } from '@tanstack/react-query';
import { dashboardRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { dashboardKeys } from './keys';

/** `GET api/dashboard/client`: the client's projects, quotes to answer, documents to sign, invoices to pay, next steps. */
export function useClientDashboard(enabled = true) {
  return useQuery({ queryKey: dashboardKeys.client(), queryFn: () => callEndpoint(dashboardRoutes.client), enabled });
}
