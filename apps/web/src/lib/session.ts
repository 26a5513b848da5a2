// spec §3: the session lives in browser session storage under the keys of SESSION_KEYS.
import { type AuthenticateResponse, SESSION_KEYS } from '@sandbox/contracts';

// Read lazily so tests (and non-browser callers) can provide their own storage.
export function storage(): Storage | undefined {
  return globalThis.sessionStorage;
}

export function saveSession({ jwt, user }: AuthenticateResponse): void {
  const store = storage();
  if (!store) return;
  store.setItem(SESSION_KEYS.user, JSON.stringify(user));
  store.setItem(SESSION_KEYS.id, String(user.id));
  store.setItem(SESSION_KEYS.token, jwt);
  store.setItem(SESSION_KEYS.roleId, String(user.roleId));
  // A team owner has no parent: the team is their own.
  store.setItem(SESSION_KEYS.parentId, String(user.parentUserId ?? user.id));
  store.setItem(SESSION_KEYS.parentUserName, user.parentUserName);
}

export function clearSession(): void {
  storage()?.clear();
}

export function getSessionToken(): string | null {
  return storage()?.getItem(SESSION_KEYS.token) || null;
}

export function hasSession(): boolean {
  return getSessionToken() !== null;
}

export function getSessionRoleId(): string | null {
  return storage()?.getItem(SESSION_KEYS.roleId) ?? null;
}
