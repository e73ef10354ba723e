import { useQuery, useQueryClient } from '@tanstack/react-query';
import { avenantFilePaths, avenantRoutes, type AvenantBody } from '@ouvrage/contracts';
import { fetchFileBytes } from '../../../lib/api-client';
import type { FileRequest } from '../../../lib/download';
import { callEndpoint } from '../../../lib/endpoint-client';
import type { SigningApi } from '../../signature';

/** The avenants of a quote (decision 1220): one call per endpoint, the list's query and its invalidation. */

export const avenantKeys = {
  all: ['avenants'] as const,
  ofQuote: (quoteId: number) => ['avenants', 'quote', quoteId] as const,
};

/** `GET /api/devis/{id}/avenants`: the contract as amended, the quote's lots and avenants. */
export function useQuoteAvenants(quoteId: number) {
  return useQuery({ queryKey: avenantKeys.ofQuote(quoteId), queryFn: () => callEndpoint(avenantRoutes.quoteAvenants, { params: { id: quoteId } }) });
}

export function useInvalidateAvenants() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: avenantKeys.all });
    // The contract changed: the invoices' forms read it.
    await queryClient.invalidateQueries({ queryKey: ['invoices'] });
  };
}

export const createAvenant = (quoteId: number, body: AvenantBody) => callEndpoint(avenantRoutes.createAvenant, { params: { id: quoteId }, body });
export const updateAvenant = (id: number, body: AvenantBody) => callEndpoint(avenantRoutes.updateAvenant, { params: { id }, body });
export const deleteAvenant = (id: number) => callEndpoint(avenantRoutes.deleteAvenant, { params: { id } });
export const sendAvenant = (id: number) => callEndpoint(avenantRoutes.sendAvenant, { params: { id } });
export const refuseAvenant = (id: number, reason: string) => callEndpoint(avenantRoutes.refuseAvenant, { params: { id }, body: { reason } });
export const withdrawAvenant = (id: number) => callEndpoint(avenantRoutes.withdrawAvenant, { params: { id } });

export const avenantPdfFile = (id: number, label: string): FileRequest => ({ path: avenantFilePaths.pdf(id), name: `avenant-${label}.pdf` });

/** Where the client's code step stands when the avenant's signing page loads (decision 1200). */
export const fetchAvenantCodeState = (id: number) => callEndpoint(avenantRoutes.signingCodeState, { params: { id } });

/** The avenant's signing flow, the quote's steps (decision 1220). */
export function avenantSigningApi(id: number): SigningApi {
  const params = { id };
  return {
    start: () => callEndpoint(avenantRoutes.startSigning, { params }),
    verify: (code) => callEndpoint(avenantRoutes.verifySignCode, { params, body: { code } }),
    document: () => fetchFileBytes(avenantFilePaths.documentToSign(id)),
    sign: (body) => callEndpoint(avenantRoutes.sign, { params, body }),
    signedFile: { path: avenantFilePaths.pdf(id) },
  };
}
