import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoiceRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

const ratesKey = ['late-payment-rates'] as const;

/** `GET api/admin/taux-penalites`: the late-payment rates between professionals by half-year (decision 1051). */
export function useLatePaymentRates() {
  return useQuery({ queryKey: ratesKey, queryFn: () => callEndpoint(invoiceRoutes.latePaymentRates) });
}

/** `PUT api/admin/taux-penalites`: enter or correct one half-year. */
export function useSaveLatePaymentRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { half_year_start: string; ecb_rate_bp: number; legal_rate_bp: number }) => callEndpoint(invoiceRoutes.saveLatePaymentRate, { body }),
    onSuccess: (rates) => queryClient.setQueryData(ratesKey, rates),
  });
}
