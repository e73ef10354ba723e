import {
  linePath,
  signatureLines,
  signatureRoutes,
  signingFlowRoutes,
  type SignBody,
  type SignResult,
  type SigningSession,
  type SigningVerified,
} from '@ouvrage/contracts';
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
    document: () => fetchFileBytes(linePath(signatureLines.signingDocument, { id })),
    sign: (body) => callEndpoint(signingFlowRoutes.signQuote, { params: { id }, body }),
    signedFile: { path: signedQuotePath(id) },
  };
}

export const signedQuotePath = (id: number) => linePath(signatureLines.signedQuotePdf, { id });

export function linkSigningApi(token: string): SigningApi {
  const params = { token };
  return {
    start: () => callEndpoint(signingFlowRoutes.linkRequestCode, { params }),
    verify: (code) => callEndpoint(signingFlowRoutes.linkVerifyCode, { params, body: { code } }),
    document: async () => new Uint8Array(await (await fetchPublicFile(linePath(signatureLines.linkDocument, params))).arrayBuffer()),
    sign: (body) => callEndpoint(signingFlowRoutes.linkSign, { params, body }),
    // A public file of the link: no session sent, the token is the authority.
    signedFile: { path: linePath(signatureLines.linkSignedDocument, params), anonymous: true },
  };
}

/** Where the client's code step stands when the quote's signing page loads (decision 1200). */
export const fetchQuoteCodeState = (id: number) => callEndpoint(signatureRoutes.signingCodeState, { params: { id } });

export const fetchLinkInfo = (token: string) => callEndpoint(signingFlowRoutes.linkInfo, { params: { token } });
