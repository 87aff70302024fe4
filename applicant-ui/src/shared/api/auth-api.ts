/** Auth calls (laravel-vue-spa contract, docs/api.md "Accounts") and the per-route auth check. */
import type { RequestBody } from '../../../../contract/client/create-client';
import { api, call } from './client';
import { authStore, type User } from './auth-store';
import { clearToken, getToken, setToken } from './token-cookie';

/** Body of POST /api/register (contract `RegisterDto`: laravel-vue-spa field names; password 8–1024 characters). */
export type RegisterBody = RequestBody<'register'>;

/** Body of POST /api/password/reset (contract `PasswordResetDto`): the e-mailed link's token and e-mail, and the new password. */
export type ResetPasswordBody = RequestBody<'resetPassword'>;

/** GET /api/user; stores and returns the user. */
export async function fetchUser(): Promise<User> {
  const user = await call(api.GET('/api/user'));
  authStore.setUser(user);
  return user;
}

/** The user fetch in flight, shared by concurrent {@link ensureAuthChecked} calls. */
let inflight: Promise<User | null> | null = null;

/**
 * The auth check every route runs first (spec §2, §4): when a token cookie exists and no user is
 * loaded, fetch the user; a failed fetch clears the token cookie. Concurrent calls share one request; never rejects.
 */
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
  const answer = await call(api.POST('/api/login', { body: { email, password, remember } }));
  setToken(answer.token, remember);
  return fetchUser();
}

/** POST /api/logout (errors ignored, spec §7), then local logout. */
export async function logout(): Promise<void> {
  try {
    await call(api.POST('/api/logout'));
  } catch {
    /* ignored by design */
  }
  authStore.logoutLocal();
}

/**
 * POST /api/register, then keeps the answered token as a session cookie (registering has no
 * "remember me"; the server's token lasts `ACCESS_TOKEN_TTL_SECONDS`) and stores the answered user.
 * @throws {ApiError} 422 `VAL-001` with `errors` per field, 429 `AUTH-429`
 */
export async function register(body: RegisterBody): Promise<User> {
  const answer = await call(api.POST('/api/register', { body }));
  setToken(answer.token, false);
  if (!answer.user) return fetchUser();
  authStore.setUser(answer.user);
  return answer.user;
}

/**
 * Signs in with a bearer token obtained elsewhere (the OAuth landing fragment): saves it as a session
 * cookie and fetches the user. A failed fetch clears the token again (spec §4) and rethrows.
 */
export async function loginWithToken(token: string): Promise<User> {
  setToken(token, false);
  try {
    return await fetchUser();
  } catch (error) {
    clearToken();
    authStore.setUser(null);
    throw error;
  }
}

/**
 * POST /api/password/email: asks for a reset link. The server answers the same whether or not the
 * address has an account; the answer's localised `message` is returned.
 */
export async function requestPasswordReset(email: string): Promise<string> {
  return (await call(api.POST('/api/password/email', { body: { email } }))).message;
}

/**
 * POST /api/password/reset: sets the new password with the e-mailed token (every session of the
 * account ends). Returns the server's localised confirmation.
 * @throws {ApiError} 422 with `errors.email` for an unknown, used or expired link
 */
export async function resetPassword(body: ResetPasswordBody): Promise<string> {
  return (await call(api.POST('/api/password/reset', { body }))).message;
}

/**
 * POST /api/oauth/{provider}: the provider's authorization URL to send the browser to (spec §7).
 * @throws {ApiError} 404 `REQ-404` for a provider that is not configured, 429 `AUTH-429`
 */
export async function startOAuth(provider: string): Promise<string> {
  return (await call(api.POST('/api/oauth/{provider}', { params: { path: { provider } } }))).url;
}
