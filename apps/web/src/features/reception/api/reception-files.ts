import { receptionRoutes, receptionFilePaths } from '@ouvrage/contracts';
import { fetchFileBytes } from '../../../lib/api-client';
import { callEndpoint } from '../../../lib/endpoint-client';
import type { FileRequest } from '../../../lib/download';
import type { SigningApi } from '../../signature';

/** The PV (signed once signed) to download, and the PV's signing flow for the signature screen. */
export const receptionPvFile = (receptionId: number, quoteLabel: string): FileRequest => ({
  path: receptionFilePaths.pv(receptionId),
  name: `pv-reception-${quoteLabel}.pdf`,
});

/** Where the client's code step stands when the PV's signing page loads (decision 1200). */
export const fetchReceptionCodeState = (receptionId: number) => callEndpoint(receptionRoutes.signingCodeState, { params: { id: receptionId } });

export function receptionSigningApi(receptionId: number): SigningApi {
  const params = { id: receptionId };
  return {
    start: () => callEndpoint(receptionRoutes.startSigning, { params }),
    verify: (code) => callEndpoint(receptionRoutes.verifySignCode, { params, body: { code } }),
    document: () => fetchFileBytes(receptionFilePaths.documentToSign(receptionId)),
    sign: (body) => callEndpoint(receptionRoutes.sign, { params, body }),
    signedFile: { path: receptionFilePaths.pv(receptionId) },
  };
}
