import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { LoggedInUserSchema, RoleSchema, type LoggedInUser, type Role } from '@lectern/contract';

/** Session data (spec 1 §3): the auth token, the user info and the user's roles, kept per tab. */
const SessionSchema = z.object({
  token: z.string().min(1),
  user: LoggedInUserSchema,
  roles: z.array(RoleSchema),
});
export type Session = z.infer<typeof SessionSchema>;

export const SESSION_STORAGE_KEY = 'lectern.session';

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: Session | null | undefined;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // storage can be blocked (privacy settings): the session then lives only in memory
    return null;
  }
}

function read(): Session | null {
  const raw = storage()?.getItem(SESSION_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = SessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function write(next: Session | null): void {
  cached = next;
  try {
    const store = storage();
    if (next) store?.setItem(SESSION_STORAGE_KEY, JSON.stringify(next));
    else store?.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // quota or blocked storage: keep the in-memory copy
  }
  for (const listener of [...listeners]) listener();
}

/** The current session, or null when signed out. */
export function getSession(): Session | null {
  if (cached === undefined) cached = read();
  return cached;
}

/** Stores a new session after sign-in; the roles are taken from the user. */
export function setSession(token: string, user: LoggedInUser): void {
  write({ token, user, roles: rolesOf(user) });
}

/** Replaces the stored user (and roles) while keeping the token. */
export function updateSessionUser(user: LoggedInUser): void {
  const current = getSession();
  if (!current) return;
  if (JSON.stringify(current.user) === JSON.stringify(user)) return;
  write({ ...current, user, roles: rolesOf(user) });
}

export function clearSession(): void {
  if (getSession() === null) return;
  write(null);
}

/** Calls `listener` after every change; returns the unsubscribe function. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The current session as React state. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** Forgets the in-memory copy so the next read comes from storage (tests). */
export function resetSessionCache(): void {
  cached = undefined;
}

function rolesOf(user: LoggedInUser): Role[] {
  return user.roles.map((role) => role.roleName);
}
