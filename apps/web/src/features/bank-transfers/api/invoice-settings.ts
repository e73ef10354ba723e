import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoiceRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { transferKeys } from './keys';

/** `GET api/facture/parametre`: the architect's IBAN, BIC and TVA-on-debits option. */
export function useInvoiceSettings() {
  return useQuery({ queryKey: transferKeys.settings, queryFn: () => callEndpoint(invoiceRoutes.getSettings) });
}

/** `PATCH api/facture/parametre`. */
export function useSaveInvoiceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { iban: string; bic: string; tva_on_debits: boolean }) => callEndpoint(invoiceRoutes.saveSettings, { body }),
    onSuccess: (data) => queryClient.setQueryData(transferKeys.settings, data),
  });
}
