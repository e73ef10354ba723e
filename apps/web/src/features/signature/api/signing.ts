import { signatureRoutes, signingFlowRoutes, type SignBody, type SignResult, type SigningSession, type SigningVerified } from '@ouvrage/contracts';
import { fetchFileBytes } from '../../../lib/api-client';
import { fetchPublicFile } from '../../../lib/download';
import { callEndpoint } from '../../../lib/endpoint-client';

/**
 * One signing flow, two ways in (decisions 0641, 0647): the quote's client in the app (`{id}`,
 * with their session) and any signer through their personal link (`{token}`, anonymously).
 */
export interface SigningApi {
  start(): Promise<SigningSession>;
  verify(code: string): Promise<SigningVerified>;
  /** The original PDF's bytes, once the code is verified. */
  document(): Promise<Uint8Array>;
  sign(body: SignBody): Promise<SignResult>;
  /** Where the signed PDF is fetched from (the flow names it). */
  signedFile: { path: string; anonymous?: boolean };
}

export function quoteSigningApi(id: number): SigningApi {
  return {
    start: () => callEndpoint(signatureRoutes.startSigning, { params: { id } }),
    verify: (code) => callEndpoint(signatureRoutes.verifySignCode, { params: { id }, body: { code } }),
    document: () => fetchFileBytes(`/api/sign-devis/${id}/document`),
    sign: (body) => callEndpoint(signingFlowRoutes.signQuote, { params: { id }, body }),
    signedFile: { path: signedQuotePath(id) },
  };
}

export const signedQuotePath = (id: number) => `/api/devis/${id}/pdf-signe`;

export function linkSigningApi(token: string): SigningApi {
  const params = { token };
  const base = `/api/signature/${encodeURIComponent(token)}`;
  return {
    start: () => callEndpoint(signingFlowRoutes.linkRequestCode, { params }),
    verify: (code) => callEndpoint(signingFlowRoutes.linkVerifyCode, { params, body: { code } }),
    document: async () => new Uint8Array(await (await fetchPublicFile(`${base}/document`)).arrayBuffer()),
    sign: (body) => callEndpoint(signingFlowRoutes.linkSign, { params, body }),
    // A public file of the link: no session sent, the token is the authority.
    signedFile: { path: `${base}/document-signe`, anonymous: true },
  };
}

export const fetchLinkInfo = (token: string) => callEndpoint(signingFlowRoutes.linkInfo, { params: { token } });
