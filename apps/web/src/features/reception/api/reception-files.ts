import { receptionRoutes, receptionFilePaths } from '@ouvrage/contracts';
import { fetchFileBytes, fetchFileUrl } from '../../../lib/api-client';
import { callEndpoint } from '../../../lib/endpoint-client';
import { saveUrl, type SigningApi } from '../../signature';

/** The PV (signed once signed) downloaded, and the PV's signing flow for the signature screen. */
export async function downloadPv(receptionId: number, quoteLabel: string): Promise<void> {
  saveUrl(await fetchFileUrl(receptionFilePaths.pv(receptionId)), `pv-reception-${quoteLabel}.pdf`);
}

export const photoUrl = (path: string) => fetchFileUrl(path);

export function receptionSigningApi(receptionId: number): SigningApi {
  const params = { id: receptionId };
  return {
    start: () => callEndpoint(receptionRoutes.startSigning, { params }),
    verify: (code) => callEndpoint(receptionRoutes.verifySignCode, { params, body: { code } }),
    document: () => fetchFileBytes(receptionFilePaths.documentToSign(receptionId)),
    sign: (body) => callEndpoint(receptionRoutes.sign, { params, body }),
    signedUrl: () => fetchFileUrl(receptionFilePaths.pv(receptionId)),
  };
}
