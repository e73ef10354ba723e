import { getAccessToken, hasFreshAccessToken } from './session';
import { tenderLines } from '@ouvrage/contracts';
import { apiPath, refreshSession } from './api-client';

export interface StreamEvent {
  event: string;
  data: unknown;
}

/**
 * Read `GET api/notifications/stream` (server-sent events) with fetch, so that the access token
 * travels in the Authorization header (EventSource cannot send it). Reconnects with a fresh token
 * after a drop, waiting a little longer each time (3 s up to 30 s). Returns a stop function.
 */
function openStream(onEvent: (e: StreamEvent) => void, onOpen?: () => void): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let delay = 3000;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    if (stopped) return;
    try {
      if (!hasFreshAccessToken()) await refreshSession();
      const token = getAccessToken();
      if (!token) throw new Error('no session');
      controller = new AbortController();
      const response = await fetch(apiPath(tenderLines.stream.path), {
        headers: { accept: 'text/event-stream', authorization: `Bearer ${token.token}` },
        signal: controller.signal,
        cache: 'no-store',
      });
      if (!response.ok || !response.body) throw new Error(`stream ${response.status}`);
      delay = 3000;
      onOpen?.();
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let split = buffer.indexOf('\n\n');
        while (split >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trim());
          }
          if (data.length) {
            try {
              onEvent({ event, data: JSON.parse(data.join('\n')) });
            } catch {
              // a malformed event is ignored; the next one refreshes anyway
            }
          }
          split = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // dropped, refused or offline: try again below
    }
    if (stopped) return;
    timer = setTimeout(() => void connect(), delay);
    delay = Math.min(delay * 2, 30_000);
  };

  void connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    controller?.abort();
  };
}

export interface LiveListener {
  onEvent: (e: StreamEvent) => void;
  /** Each (re)connection: what may have been missed meanwhile is to be read again. */
  onOpen?: () => void;
}

/** One stream per logged-in user however many features listen (the bell, the notification centre…). */
let shared: { userId: number; listeners: Set<LiveListener>; stop: () => void } | null = null;

/**
 * Listen to the live events of `GET api/notifications/stream` (decision 0801): the tenders of the
 * bell and the notification centre's unread count. The first listener opens the stream, the last
 * one to leave closes it. Returns the unsubscribe function.
 */
export function subscribeLiveEvents(userId: number, listener: LiveListener): () => void {
  if (shared && shared.userId !== userId) {
    shared.stop();
    shared = null;
  }
  if (!shared) {
    const listeners = new Set<LiveListener>();
    const stop = openStream(
      (e) => listeners.forEach((l) => l.onEvent(e)),
      () => listeners.forEach((l) => l.onOpen?.()),
    );
    shared = { userId, listeners, stop };
  }
  const mine = shared;
  mine.listeners.add(listener);
  return () => {
    mine.listeners.delete(listener);
    if (mine.listeners.size === 0) {
      mine.stop();
      if (shared === mine) shared = null;
    }
  };
}
