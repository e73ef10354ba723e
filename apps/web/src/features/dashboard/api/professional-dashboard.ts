import { useQuery } from '@tanstack/react-query';
import { dashboardRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { dashboardKeys } from './keys';

/** `GET api/dashboard/professionnel`: available tenders, accepted projects, profile checklist, answer rate. */
export function useProfessionalDashboard(enabled = true) {
  return useQuery({ queryKey: dashboardKeys.professional(), queryFn: () => callEndpoint(dashboardRoutes.professional), enabled });
}
