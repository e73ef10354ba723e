import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentScheduleRoutes, type PaymentScheduleBody, type QuotePaymentSchedule } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

/** The payment schedule of a quote (decision 1221): one call per endpoint, the query and its update. */

export const scheduleKeys = { ofQuote: (quoteId: number) => ['payment-schedule', quoteId] as const };

/** `GET /api/devis/{id}/echeancier`. */
export function useQuoteSchedule(quoteId: number) {
  return useQuery({ queryKey: scheduleKeys.ofQuote(quoteId), queryFn: () => callEndpoint(paymentScheduleRoutes.getSchedule, { params: { id: quoteId } }) });
}

/** A change answered with the schedule: the query takes the answer; an issued invoice refreshes the invoices' lists. */
function useScheduleMutation<V>(quoteId: number, call: (v: V) => Promise<QuotePaymentSchedule>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (data) => {
      queryClient.setQueryData(scheduleKeys.ofQuote(quoteId), data);
      await queryClient.invalidateQueries({ queryKey: ['invoices'] });
    },
  });
}

export const useSetSchedule = (quoteId: number) =>
  useScheduleMutation(quoteId, (body: PaymentScheduleBody) => callEndpoint(paymentScheduleRoutes.setSchedule, { params: { id: quoteId }, body }));
export const useDeleteSchedule = (quoteId: number) =>
  useScheduleMutation(quoteId, () => callEndpoint(paymentScheduleRoutes.deleteSchedule, { params: { id: quoteId } }));
export const useMarkReached = (quoteId: number) =>
  useScheduleMutation(quoteId, (position: number) => callEndpoint(paymentScheduleRoutes.markReached, { params: { id: quoteId }, body: { position } }));
/** Issues a prepared milestone's invoice, with the journal entries that justify it (decision 1232). */
export const useIssueMilestone = (quoteId: number) =>
  useScheduleMutation(quoteId, ({ position, entryIds }: { position: number; entryIds: number[] }) =>
    callEndpoint(paymentScheduleRoutes.issueMilestone, { params: { id: quoteId }, body: { position, site_log_entry_ids: entryIds } }),
  );
