/**
 * The logged-in user (spec §3 "User", §4 "Auth"), kept outside React so that route loaders and
 * API interceptors can read it; components subscribe with `useAuth`.
 */
import type { Schema } from '../../../../contract/client/create-client';
import { clearToken, getToken } from './token-cookie';

/**
 * The user as GET /api/user answers it (contract `UserResponse`); `email_verified` is false until the
 * address is verified (issue 11): applications started with it are not listed until then.
 */
export type User = Schema<'UserResponse'>;

type Listener = () => void;

let user: User | null = null;
const listeners = new Set<Listener>();

function emit(): void {
  for (const l of listeners) l();
}

/** Read/write access to the current user with change notifications. */
export const authStore = {
  /** The loaded user, or null when nobody is logged in (or the user is not fetched yet). */
  getUser(): User | null {
    return user;
  },
  /** Replaces the user and notifies subscribers. */
  setUser(next: User | null): void {
    user = next;
    emit();
  },
  /** Forgets the user and the token cookie (no server call). */
  logoutLocal(): void {
    clearToken();
    user = null;
    emit();
  },
  /** Subscribes to user changes; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** True when a token cookie exists (the user may not be fetched yet). */
  hasToken(): boolean {
    return Boolean(getToken());
  },
};
