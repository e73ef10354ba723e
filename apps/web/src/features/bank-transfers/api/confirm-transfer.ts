import { useMutation } from '@tanstack/react-query';
import { bankTransferRoutes, type ConfirmTransferBody } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { useInvalidateTransfers } from './keys';

/** `POST api/valider-paiement-facture/{id}` (`{id}`: the invoice): the admin confirms a transfer received. */
export function useConfirmTransfer() {
  const onSuccess = useInvalidateTransfers();
  return useMutation({
    mutationFn: ({ invoiceId, body }: { invoiceId: number; body: ConfirmTransferBody }) =>
      callEndpoint(bankTransferRoutes.confirmTransfer, { params: { id: invoiceId }, body }),
    onSuccess,
  });
}
