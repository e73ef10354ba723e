import type { SessionData } from '@ouvrage/contracts';
import { clearSession, getAccessToken, getStoredUser, hasFreshAccessToken, saveSession } from './session';

/** An API failure with the French message the server chose (or a network message). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fields: Record<string, string> = {},
    /** A business refusal's parameters, interpolated in the translation of `errors.<code>`. */
    readonly params: Record<string, string | number> = {},
    /** Fields refused by a domain rule: the rule's code and parameters, for the translated message. */
    readonly fieldCodes: Record<string, { code: string; params: Record<string, string | number> }> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const NETWORK_MESSAGE = 'Impossible de joindre le serveur. Vérifiez votre connexion puis réessayez.';
const UNREADABLE_MESSAGE = 'Réponse inattendue du serveur. Veuillez réessayer.';

let onSessionExpired: () => void = () => {
  window.location.assign('/login');
};

/** The router registers how to send the user to /login when the session is gone. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

function expireSession(): never {
  clearSession();
  onSessionExpired();
  throw new ApiError('Votre session a expiré. Veuillez vous reconnecter.', 401, 'UNAUTHENTICATED');
}

export function apiPath(path: string): string {
  return path.startsWith('/') ? path : `/${path}`;
}

async function parse<T>(response: Response): Promise<T> {
  let body: {
    success?: boolean;
    data?: T;
    error?: { code: string; message: string; fields?: Record<string, string>; params?: Record<string, string | number>; field_codes?: ApiError['fieldCodes'] };
  };
  try {
    body = await response.json();
  } catch {
    throw new ApiError(UNREADABLE_MESSAGE, response.status, 'UNREADABLE');
  }
  if (!response.ok || body.success === false) {
    const error = body.error ?? { code: 'UNKNOWN', message: UNREADABLE_MESSAGE };
    throw new ApiError(
      error.message,
      response.status,
      error.code,
      error.fields ?? {},
      'params' in error ? (error.params ?? {}) : {},
      'field_codes' in error ? (error.field_codes ?? {}) : {},
    );
  }
  return body.data as T;
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(apiPath(path), { credentials: 'same-origin', ...init });
  } catch {
    throw new ApiError(NETWORK_MESSAGE, 0, 'NETWORK');
  }
}

let refreshing: Promise<SessionData | null> | null = null;

/**
 * Renew the access token with the refresh cookie; one request at a time for the whole app.
 */
export function refreshSession(): Promise<SessionData | null> {
  refreshing ??= (async () => {
    try {
      const response = await send('/api/refresh', { method: 'POST' });
      if (!response.ok) return null;
      const session = await parse<SessionData>(response);
      saveSession(session);
      return session;
    } catch {
      return null;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

async function authorisedHeaders(): Promise<Record<string, string>> {
  if (!getStoredUser()) expireSession();
  if (!hasFreshAccessToken() && !(await refreshSession())) expireSession();
  return { authorization: `Bearer ${getAccessToken()!.token}` };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

interface CallOptions {
  body?: unknown;
  /** Anonymous calls carry no token (login, public lists). */
  anonymous?: boolean;
  signal?: AbortSignal;
}

/** Call the API and return `data` from its envelope; failures throw an ApiError with a French message. */
export async function apiCall<T>(method: Method, path: string, options: CallOptions = {}): Promise<T> {
  const init = (headers: Record<string, string>): RequestInit => ({
    method,
    signal: options.signal,
    headers: { ...headers, ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  if (options.anonymous) return parse<T>(await send(path, init({})));

  let response = await send(path, init(await authorisedHeaders()));
  if (response.status === 401) {
    // The access token may have expired in flight: renew once, then give up.
    if (!(await refreshSession())) expireSession();
    response = await send(path, init(await authorisedHeaders()));
    if (response.status === 401) expireSession();
  }
  return parse<T>(response);
}

/**
 * Authorised multipart upload with progress (0–100), through XMLHttpRequest because fetch
 * cannot report upload progress.
 */
export async function uploadWithProgress<T>(path: string, form: FormData, onProgress?: (percent: number) => void, anonymous = false): Promise<T> {
  const headers = anonymous ? {} : await authorisedHeaders();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiPath(path));
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_MESSAGE, 0, 'NETWORK'));
    xhr.onload = () => {
      const response = new Response(xhr.responseText, { status: xhr.status, headers: { 'content-type': 'application/json' } });
      if (xhr.status === 401 && !anonymous) {
        try {
          expireSession();
        } catch (error) {
          reject(error);
          return;
        }
      }
      parse<T>(response).then(resolve, reject);
    };
    xhr.send(form);
  });
}

/** A protected file's answer (PDF, image, CSV) with the session; a refusal throws the API's ApiError. */
export async function fetchFile(path: string): Promise<Response> {
  const response = await send(path, { headers: await authorisedHeaders() });
  if (!response.ok) await parse(response);
  return response;
}

/** A file's bytes with the session (the signing screen hands them to pdf.js; no blob: fetch, which the CSP forbids). */
export async function fetchFileBytes(path: string): Promise<Uint8Array> {
  return new Uint8Array(await (await fetchFile(path)).arrayBuffer());
}

/** A protected file (PDF, image) as a blob URL for preview. */
export async function fetchFileUrl(path: string): Promise<string> {
  return URL.createObjectURL(await (await fetchFile(path)).blob());
}
