import { describe, expect, it, vi } from 'vitest';
import { testUser } from '../test/mock-api';
import {
  SESSION_STORAGE_KEY,
  clearSession,
  getSession,
  resetSessionCache,
  setSession,
  subscribeSession,
} from './session';

describe('session store', () => {
  it('keeps token, user and roles in sessionStorage and survives a reload', () => {
    setSession('abc', testUser(['FINANCE', 'INSTRUCTOR']));
    resetSessionCache(); // as after a page reload
    expect(getSession()).toMatchObject({ token: 'abc', roles: ['FINANCE', 'INSTRUCTOR'] });
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toContain('"token":"abc"');
  });

  it('tells subscribers about sign-in and sign-out', () => {
    const listener = vi.fn();
    const stop = subscribeSession(listener);
    setSession('abc', testUser(['FINANCE']));
    clearSession();
    stop();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(getSession()).toBeNull();
  });

  it('ignores damaged stored data', () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, '{"token":');
    resetSessionCache();
    expect(getSession()).toBeNull();
  });
});
