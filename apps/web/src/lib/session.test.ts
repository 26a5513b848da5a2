import { SESSION_KEYS, type SessionUser } from '@sandbox/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from './memoryStorage';
import { clearSession, getSessionRoleId, getSessionToken, hasSession, saveSession } from './session';
import { getSessionUser } from './sessionUser';

const owner: SessionUser = {
  id: 7,
  roleId: 3,
  parentUserId: null,
  username: 'ada',
  emailAddress: 'ada@example.com',
  parentUserName: 'ada',
};

describe('session storage', () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', createMemoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('stores every key of the session after sign-in', () => {
    saveSession({ jwt: 'token-1', user: owner });
    expect(sessionStorage.getItem(SESSION_KEYS.user)).toBe(JSON.stringify(owner));
    expect(sessionStorage.getItem(SESSION_KEYS.id)).toBe('7');
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBe('token-1');
    expect(sessionStorage.getItem(SESSION_KEYS.roleId)).toBe('3');
    expect(sessionStorage.getItem(SESSION_KEYS.parentUserName)).toBe('ada');
  });

  it('uses the own id as parent id for a team owner', () => {
    saveSession({ jwt: 't', user: owner });
    expect(sessionStorage.getItem(SESSION_KEYS.parentId)).toBe('7');
  });

  it('keeps the parent id of an invited member', () => {
    saveSession({ jwt: 't', user: { ...owner, id: 9, roleId: 2, parentUserId: 7 } });
    expect(sessionStorage.getItem(SESSION_KEYS.parentId)).toBe('7');
    expect(getSessionRoleId()).toBe('2');
  });

  it('reads back the token and the user', () => {
    expect(hasSession()).toBe(false);
    saveSession({ jwt: 'token-2', user: owner });
    expect(hasSession()).toBe(true);
    expect(getSessionToken()).toBe('token-2');
    expect(getSessionUser()).toEqual(owner);
  });

  it('ignores a corrupted stored user', () => {
    sessionStorage.setItem(SESSION_KEYS.user, '{not json');
    expect(getSessionUser()).toBeNull();
  });

  it('clears everything on logout', () => {
    saveSession({ jwt: 't', user: owner });
    sessionStorage.setItem('other', 'x');
    clearSession();
    expect(sessionStorage.length).toBe(0);
    expect(hasSession()).toBe(false);
  });
});
