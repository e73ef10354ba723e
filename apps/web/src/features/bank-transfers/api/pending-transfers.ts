import { useQuery } from '@tanstack/react-query';
import { bankTransferRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { transferKeys } from './keys';

/** `GET api/admin/virements`: declared transfers awaiting confirmation. */
export function usePendingTransfers(page: number, perPage: number) {
  return useQuery({
    queryKey: transferKeys.pending(page),
    queryFn: () => callEndpoint(bankTransferRoutes.pendingTransfers, { query: { page, per_page: perPage } }),
    placeholderData: (previous) => previous,
  });
}
