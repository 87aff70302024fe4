/** Auth calls (laravel-vue-spa contract, docs/api.md "Accounts") and the per-route auth check. */
import { api } from './client';
import { authStore, type User } from './auth-store';
import { clearToken, getToken, setToken } from './token-cookie';

/** Answer of POST /api/login. */
export interface LoginAnswer {
  token: string;
  token_type: string;
  expires_in: number;
}

/** GET /api/user; stores and returns the user. */
export async function fetchUser(): Promise<User> {
  const { data } = await api.get<User>('/user');
  authStore.setUser(data);
  return data;
}

/**
 * The auth check every route runs first (spec §2, §4): when a token cookie exists and no user is
 * loaded, fetch the user; a failed fetch clears the token cookie. Concurrent calls share one request; never rejects.
 */
let inflight: Promise<User | null> | null = null;

export function ensureAuthChecked(): Promise<User | null> {
  if (authStore.getUser() || !getToken()) return Promise.resolve(authStore.getUser());
  if (!inflight) {
    inflight = fetchUser()
      .catch(() => {
        clearToken();
        authStore.setUser(null);
        return null;
      })
      .finally(() => {
        inflight = null;
      });
  }
  return inflight;
}

/** POST /api/login, then saves the token cookie (365 days if `remember`) and fetches the user. */
export async function login(email: string, password: string, remember: boolean): Promise<User> {
  const { data } = await api.post<LoginAnswer>('/login', { email, password, remember });
  setToken(data.token, remember);
  return fetchUser();
}

/** POST /api/logout (errors ignored, spec §7), then local logout. */
export async function logout(): Promise<void> {
  try {
    await api.post('/logout');
  } catch {
    /* ignored by design */
  }
  authStore.logoutLocal();
}
