import { bankTransferRoutes } from '@ouvrage/contracts';
import { callEndpoint } from '../../../lib/endpoint-client';
import { transferKeys } from './keys';

/** `GET api/admin/virements`: declared transfers awaiting confirmation. */
export function pendingTransfersQuery({ page, per_page }: { page: number; per_page: number }) {
  return {
    queryKey: transferKeys.pending(page),
    queryFn: ({ signal }: { signal: AbortSignal }) => callEndpoint(bankTransferRoutes.pendingTransfers, { query: { page, per_page } }, { signal }),
  };
}
