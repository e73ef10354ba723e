import { useMutation } from '@tanstack/react-query';
import { bankTransferRoutes, type DeclareTransferBody } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { useInvalidateTransfers } from './keys';

/** `POST api/facture/{id}/virement`: the client declares the transfer made. */
export function useDeclareTransfer(invoiceId: number) {
  const onSuccess = useInvalidateTransfers();
  return useMutation({
    mutationFn: (body: DeclareTransferBody) => callEndpoint(bankTransferRoutes.declareTransfer, { params: { id: invoiceId }, body }),
    onSuccess,
  });
}
