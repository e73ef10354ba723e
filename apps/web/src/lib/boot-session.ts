/**
 * What the preload script started before the entry ran, on a stored user's `/dashboard`
 * (`ouvrage:preload-opened-screen` in `vite.config.ts`, decision 0950): the session's renewal
 * (`POST api/refresh`) and, once renewed, the role's first figures. The app takes them over
 * instead of asking again — the refresh token is single-use (rotation), so there must be exactly
 * one renewal at start-up: whichever side runs first claims `window.ouvrageBoot`; when the entry
 * claims it, the script renews nothing.
 */
interface PreloadedAnswer {
  /** The user the session was renewed for (the script asked only if they were the stored user). */
  user: number;
  /** When the script asked (`Date.now()`). */
  at: number;
  /** The API's answer, or null when the renewal failed or brought another user. */
  answer: Promise<Response | null>;
}

interface Boot {
  refresh?: Promise<Response>;
  figures?: Record<string, PreloadedAnswer>;
}

declare global {
  interface Window {
    ouvrageBoot?: Boot;
  }
}

/** An answer not used within this delay is stale (the query library's own freshness). */
const FRESH_MS = 30_000;

// Claimed when the entry runs, before any render: a script that runs later starts nothing.
const boot: Boot = typeof window === 'undefined' ? {} : (window.ouvrageBoot ??= {});

/** The renewal the script started, once (the next renewal is the app's own). */
export function takeBootRefresh(): Promise<Response> | null {
  const refresh = boot.refresh ?? null;
  boot.refresh = undefined;
  return refresh;
}

/**
 * The script's answer for `GET path`, once, if it was asked for this user and recently; null
 * otherwise (the caller then asks the API itself).
 */
export function takePreloadedAnswer(path: string, user: number | undefined, now = Date.now()): Promise<Response | null> | null {
  const preloaded = boot.figures?.[path];
  if (!preloaded) return null;
  delete boot.figures![path];
  if (user === undefined || preloaded.user !== user || now - preloaded.at > FRESH_MS) return null;
  return preloaded.answer.catch(() => null);
}

/** The session ended or changed hands: no preloaded answer is used any more. */
export function forgetPreloadedAnswers(): void {
  boot.refresh = undefined;
  boot.figures = undefined;
}
