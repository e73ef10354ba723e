import { useSyncExternalStore } from 'react';
import type { DataUser, SessionData } from '@ouvrage/contracts';
import { apiCall } from './api-client';
import { clearSession, getStoredUser, saveSession, subscribeSession } from './session';

/** The logged-in user (or null), re-rendering when the session changes. */
export function useCurrentUser(): DataUser | null {
  return useSyncExternalStore(subscribeSession, getStoredUser, () => null);
}

export async function login(email: string, password: string): Promise<DataUser> {
  const session = await apiCall<SessionData>('POST', 'api/login', { anonymous: true, body: { email, password } });
  saveSession(session);
  return session.datauser;
}

/** Revoke the refresh token server-side (best effort), then clear all storage. */
export async function logout(): Promise<void> {
  try {
    await apiCall('POST', 'api/logout', { anonymous: true, body: {} });
  } catch {
    // Offline: local logout still happens.
  }
  clearSession();
}
