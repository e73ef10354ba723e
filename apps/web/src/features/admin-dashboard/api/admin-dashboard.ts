import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminDashboardRoutes } from '@ouvrage/contracts';
import type { DashboardPeriod } from '@ouvrage/domain';
import { callEndpoint } from '../../../lib/endpoint-client';
import { adminDashboardKeys } from './keys';

/** `GET /api/admin/dashboard?periode=`: every widget's figures over the period. */
export function useAdminDashboard(period: DashboardPeriod) {
  return useQuery({
    queryKey: adminDashboardKeys.figures(period),
    queryFn: () => callEndpoint(adminDashboardRoutes.dashboard, { query: { periode: period } }),
    placeholderData: keepPreviousData,
  });
}
