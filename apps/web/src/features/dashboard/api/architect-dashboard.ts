import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dashboardRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { dashboardKeys } from './keys';

/** `GET api/dashboard/architecte?periode=`: quote pipeline, conversion, invoiced and received per month, overdue invoices, guarantees. */
export function useArchitectDashboard(periode: string, enabled = true) {
  return useQuery({
    queryKey: dashboardKeys.architect(periode),
    queryFn: () => callEndpoint(dashboardRoutes.architect, { query: { periode } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
