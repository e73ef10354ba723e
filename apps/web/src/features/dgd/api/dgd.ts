import { useQuery, useQueryClient } from '@tanstack/react-query';
import { dgdFilePaths, dgdRoutes, type EstablishDgdBody } from '@ouvrage/contracts';
import { fetchFileBytes } from '../../../lib/api-client';
import type { FileRequest } from '../../../lib/download';
import { callEndpoint } from '../../../lib/endpoint-client';
import type { SigningApi } from '../../signature';

/** The final account of a quote (decision 1222): one call per endpoint, the list's query and its invalidation. */

export const dgdKeys = {
  all: ['dgd'] as const,
  ofQuote: (quoteId: number) => ['dgd', 'quote', quoteId] as const,
};

/** `GET /api/devis/{id}/dgd`: the quote's DGDs, and whether the caller may establish one. */
export function useQuoteDgd(quoteId: number) {
  return useQuery({ queryKey: dgdKeys.ofQuote(quoteId), queryFn: () => callEndpoint(dgdRoutes.quoteDgd, { params: { id: quoteId } }) });
}

export function useInvalidateDgd() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: dgdKeys.all });
    // An accepted DGD closes the invoicing: the invoices' forms read it.
    await queryClient.invalidateQueries({ queryKey: ['invoices'] });
  };
}

export const establishDgd = (quoteId: number, body: EstablishDgdBody) => callEndpoint(dgdRoutes.establishDgd, { params: { id: quoteId }, body });
export const disputeDgd = (id: number, reason: string) => callEndpoint(dgdRoutes.disputeDgd, { params: { id }, body: { reason } });

export const dgdPdfFile = (id: number, number: string): FileRequest => ({ path: dgdFilePaths.pdf(id), name: `dgd-${number}.pdf` });

/** Where the client's code step stands when the DGD's signing page loads (decision 1200). */
export const fetchDgdCodeState = (id: number) => callEndpoint(dgdRoutes.signingCodeState, { params: { id } });

/** The DGD's signing flow: the quote's steps (decision 1222). */
export function dgdSigningApi(id: number): SigningApi {
  const params = { id };
  return {
    start: () => callEndpoint(dgdRoutes.startSigning, { params }),
    verify: (code) => callEndpoint(dgdRoutes.verifySignCode, { params, body: { code } }),
    document: () => fetchFileBytes(dgdFilePaths.documentToSign(id)),
    sign: (body) => callEndpoint(dgdRoutes.sign, { params, body }),
    signedFile: { path: dgdFilePaths.pdf(id) },
  };
}
