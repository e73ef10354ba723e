import { signatureRoutes, signingFlowRoutes, type SignBody, type SignResult, type SigningSession, type SigningVerified } from '@ouvrage/contracts';
import { ApiError, fetchFileBytes, fetchFileUrl } from '../../../lib/api-client';
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
  /** An object URL of the signed PDF. */
  signedUrl(): Promise<string>;
}

export function quoteSigningApi(id: number): SigningApi {
  return {
    start: () => callEndpoint(signatureRoutes.startSigning, { params: { id } }),
    verify: (code) => callEndpoint(signatureRoutes.verifySignCode, { params: { id }, body: { code } }),
    document: () => fetchFileBytes(`/api/sign-devis/${id}/document`),
    sign: (body) => callEndpoint(signingFlowRoutes.signQuote, { params: { id }, body }),
    signedUrl: () => fetchFileUrl(signedQuotePath(id)),
  };
}

export const signedQuotePath = (id: number) => `/api/devis/${id}/pdf-signe`;

/** A public file of the link: no session sent, the token is the authority. */
async function publicFile(path: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'omit' });
  } catch {
    throw new ApiError('Impossible de joindre le serveur. Vérifiez votre connexion puis réessayez.', 0, 'NETWORK');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiError(body?.error?.message ?? 'Le document ne peut pas être affiché.', response.status, body?.error?.code ?? 'UNKNOWN');
  }
  return response;
}

export function linkSigningApi(token: string): SigningApi {
  const params = { token };
  const base = `/api/signature/${encodeURIComponent(token)}`;
  return {
    start: () => callEndpoint(signingFlowRoutes.linkRequestCode, { params }),
    verify: (code) => callEndpoint(signingFlowRoutes.linkVerifyCode, { params, body: { code } }),
    document: async () => new Uint8Array(await (await publicFile(`${base}/document`)).arrayBuffer()),
    sign: (body) => callEndpoint(signingFlowRoutes.linkSign, { params, body }),
    signedUrl: async () => URL.createObjectURL(await (await publicFile(`${base}/document-signe`)).blob()),
  };
}

export const fetchLinkInfo = (token: string) => callEndpoint(signingFlowRoutes.linkInfo, { params: { token } });

/** Save an object URL as a file, then let it go. */
export function saveUrl(url: string, name: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
