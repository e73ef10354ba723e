import { useQuery } from '@tanstack/react-query';
import { bankTransferRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { transferKeys } from './keys';

/** `GET api/facture/{id}/virement`: IBAN, BIC, RF reference, what is left, transfers so far. */
export function useTransferInstructions(invoiceId: number) {
  return useQuery({
    queryKey: transferKeys.instructions(invoiceId),
    queryFn: () => callEndpoint(bankTransferRoutes.transferInstructions, { params: { id: invoiceId } }),
  });
}
