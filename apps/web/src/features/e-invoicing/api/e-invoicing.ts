import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { eInvoicingRoutes, type EInvoicingSettingsBody } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';

/** Query keys of the e-invoicing screens (decision 1212). */
export const eInvoicingKeys = {
  all: ['e-invoicing'] as const,
  invoice: (id: number) => ['e-invoicing', 'invoice', id] as const,
  awaiting: ['e-invoicing', 'awaiting'] as const,
};

/** `GET api/factures/{id}/facturation-electronique`: the invoice's status at the PA and its history. */
export function useInvoiceEInvoicing(invoiceId: number) {
  return useQuery({
    queryKey: eInvoicingKeys.invoice(invoiceId),
    queryFn: () => callEndpoint(eInvoicingRoutes.invoiceStatus, { params: { id: invoiceId } }),
  });
}

/** `GET api/facturation-electronique/a-traiter`: what awaits the architect. */
export function useAwaitingAction() {
  return useQuery({ queryKey: eInvoicingKeys.awaiting, queryFn: () => callEndpoint(eInvoicingRoutes.awaitingAction) });
}

/** `POST api/facturation-electronique/envois/{id}/relance`: send a failed submission again. */
export function useRetrySubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(eInvoicingRoutes.retrySubmission, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: eInvoicingKeys.all }),
  });
}

const settingsKey = ['e-invoicing', 'settings'] as const;

/** `GET api/facturation-electronique/parametres`: the architect's PA settings (secrets only as « configured »). */
export function useEInvoicingSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => callEndpoint(eInvoicingRoutes.getSettings, { query: {} }) });
}

/** `PUT api/facturation-electronique/parametres`: save them. */
export function useSaveEInvoicingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EInvoicingSettingsBody) => callEndpoint(eInvoicingRoutes.saveSettings, { query: {}, body }),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
}

/** `POST api/facturation-electronique/parametres/test`: try the saved connection. */
export function useTestEInvoicingConnection() {
  return useMutation({ mutationFn: () => callEndpoint(eInvoicingRoutes.testConnection, { query: {} }) });
}

/** `GET api/admin/facturation-electronique`: every issuer's PA connection and submissions by state. */
export function useEInvoicingConnections() {
  return useQuery({ queryKey: ['e-invoicing', 'connections'] as const, queryFn: () => callEndpoint(eInvoicingRoutes.adminConnections) });
}
