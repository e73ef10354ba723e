import { useCallback, useState } from 'react';
import { ApiError, fetchFile } from './api-client';

/**
 * Files outside the JSON envelope (PDFs, CSV, proofs), fetched with the session or anonymously and
 * saved or opened by the browser: written once here (decision 1150), for every screen.
 */

/** A fetched file and the name the browser saves it under. */
export interface DownloadedFile {
  blob: Blob;
  name: string;
}

/**
 * Which file to fetch: an API path (with the session, or `anonymous` where a link's token is the
 * authority) and, if the screen chooses it, the name to save it under (else the server's name).
 * Or a function for a file that comes from elsewhere (bytes already in hand).
 */
export type FileRequest = { path: string; name?: string; anonymous?: boolean } | (() => Promise<DownloadedFile>);

const NETWORK_MESSAGE = 'Impossible de joindre le serveur. Vérifiez votre connexion puis réessayez.';
const UNSHOWN_MESSAGE = 'Le document ne peut pas être affiché.';

/**
 * The file name of a `Content-Disposition` header: `filename*=UTF-8''…` (RFC 5987) first, as the
 * API sends it for accented and Arabic names, then `filename="…"` or a bare `filename=…`.
 */
export function fileNameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      const name = decodeURIComponent(extended[1].trim());
      if (name) return name;
    } catch {
      // A malformed percent-encoding: the plain name below still serves.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  return name || fallback;
}

/** A file behind a link's token: no session sent, and a refusal never sends the visitor to the login page. */
export async function fetchPublicFile(path: string, signal?: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'omit', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(NETWORK_MESSAGE, 0, 'NETWORK');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiError(body?.error?.message ?? UNSHOWN_MESSAGE, response.status, body?.error?.code ?? 'UNKNOWN');
  }
  return response;
}

/** The file a request designates, with its name: the screen's, else the server's, else the path's last part. */
export async function fetchDownload(request: FileRequest): Promise<DownloadedFile> {
  if (typeof request === 'function') return request();
  const response = request.anonymous ? await fetchPublicFile(request.path) : await fetchFile(request.path);
  const fallback = decodeURIComponent(request.path.split('?')[0].split('/').pop() || 'document');
  return { blob: await response.blob(), name: request.name ?? fileNameFromDisposition(response.headers.get('content-disposition'), fallback) };
}

/** How long an object URL outlives its click: the browser has started reading it by then. */
const REVOKE_AFTER_MS = 10_000;

/** Save a file through a transient link, then let its object URL go. */
export function saveFile(file: DownloadedFile): void {
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/**
 * Show a file in a new tab. The tab is opened at the click (a phone's browser blocks one opened
 * after an answer), then sent to the file; if no tab could open, this page goes there.
 */
export async function openFile(request: FileRequest): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const file = await fetchDownload(request);
    const url = URL.createObjectURL(file.blob);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 6 * REVOKE_AFTER_MS);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** Fetch and save a file (a screen that needs no pending state). */
export async function downloadFile(request: FileRequest): Promise<void> {
  saveFile(await fetchDownload(request));
}

/**
 * A download button's state: `download` saves the file, `open` shows it in a new tab; while the file
 * comes `pending` is true, and a refusal or a network failure is kept in `error` (never thrown) for
 * the screen's ErrorAlert.
 */
export function useDownload() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = useCallback(async (action: () => Promise<void>) => {
    setError(null);
    setPending(true);
    try {
      await action();
      return true;
    } catch (e) {
      setError(e);
      return false;
    } finally {
      setPending(false);
    }
  }, []);
  const download = useCallback((request: FileRequest) => run(() => downloadFile(request)), [run]);
  const open = useCallback((request: FileRequest) => run(() => openFile(request)), [run]);
  const reset = useCallback(() => setError(null), []);
  return { download, open, pending, error, reset };
}
