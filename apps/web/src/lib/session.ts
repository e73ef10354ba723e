import type { DataUser, SessionData } from '@ouvrage/contracts';

/**
 * The browser session: the logged-in user is stored as `datauser` in local storage (spec §3; it
 * decides the route set); the short-lived access token stays in memory only, and the httpOnly
 * `refresh_token` cookie renews it.
 */
const USER_KEY = 'datauser';
type Listener = () => void;

let accessToken: SessionData['token'] | null = null;
let cachedUser: DataUser | null | undefined;
const listeners = new Set<Listener>();

function readStoredUser(): DataUser | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    if (!raw) return null;
    const user = JSON.parse(raw) as DataUser;
    return typeof user?.id === 'number' && typeof user.user_type === 'string' ? user : null;
  } catch {
    return null;
  }
}

export function getStoredUser(): DataUser | null {
  if (cachedUser === undefined) cachedUser = readStoredUser();
  return cachedUser;
}

export function getAccessToken(): SessionData['token'] | null {
  return accessToken;
}

/** A token expiring within 30 seconds is treated as expired. */
export function hasFreshAccessToken(now = Date.now()): boolean {
  return accessToken !== null && new Date(accessToken.expires_at).getTime() - now > 30_000;
}

function notify() {
  for (const listener of listeners) listener();
}

export function saveSession(session: SessionData): void {
  accessToken = session.token;
  cachedUser = session.datauser;
  localStorage.setItem(USER_KEY, JSON.stringify(session.datauser));
  notify();
}

/** Logout: all session and local storage go (spec §2). */
export function clearSession(): void {
  accessToken = null;
  cachedUser = null;
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // storage unavailable (private mode): nothing to clear
  }
  notify();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
