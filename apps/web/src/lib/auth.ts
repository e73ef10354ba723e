import { useSyncExternalStore } from 'react';
import { authRoutes, type DataUser } from '@ouvrage/contracts';
import { callEndpoint } from './endpoint-client';
import { clearSession, getStoredUser, saveSession, subscribeSession } from './session';

/** The logged-in user (or null), re-rendering when the session changes. */
export function useCurrentUser(): DataUser | null {
  return useSyncExternalStore(subscribeSession, getStoredUser, () => null);
}

export async function login(email: string, password: string): Promise<DataUser> {
  const session = await callEndpoint(authRoutes.login, { body: { email, password } });
  saveSession(session);
  return session.datauser;
}

/** Revoke the refresh token server-side (best effort), then clear all storage. */
export async function logout(): Promise<void> {
  try {
    await callEndpoint(authRoutes.logout);
  } catch {
    // Offline: local logout still happens.
  }
  clearSession();
}
