import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { eReportingRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

/** Query keys of the e-reporting screen (decision 1213). */
export const eReportingKeys = {
  all: ['e-reporting'] as const,
  periods: (year: number) => ['e-reporting', 'periods', year] as const,
  report: (id: number) => ['e-reporting', 'report', id] as const,
};

/** `GET api/e-reporting/periodes?year=`: the architect's periods and their reports. */
export function useEReportingPeriods(year: number) {
  return useQuery({ queryKey: eReportingKeys.periods(year), queryFn: () => callEndpoint(eReportingRoutes.listPeriods, { query: { year } }) });
}

/** `GET api/e-reporting/rapports/{id}`: what a report contained, its history. */
export function useEReport(id: number | null) {
  return useQuery({
    queryKey: eReportingKeys.report(id ?? 0),
    queryFn: () => callEndpoint(eReportingRoutes.getReport, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

/** `POST api/e-reporting/rapports/{id}/renvoyer`: send a failed report again. */
export function useResendEReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(eReportingRoutes.resendReport, { params: { id } }),
    onSuccess: (report) => {
      queryClient.setQueryData(eReportingKeys.report(report.id), report);
      void queryClient.invalidateQueries({ queryKey: eReportingKeys.all });
    },
  });
}
