// The signed-in user as stored at sign-in, checked against the contract. Apart from lib/session so
// the sign-in screen, which only asks whether there is a session, loads without zod (README, first load).
import { SESSION_KEYS, type SessionUser, ZSessionUser } from '@sandbox/contracts';
import { storage } from './session';

export function getSessionUser(): SessionUser | null {
  const raw = storage()?.getItem(SESSION_KEYS.user);
  if (!raw) return null;
  try {
    const parsed = ZSessionUser.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
