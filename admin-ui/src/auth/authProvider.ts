/**
 * The react-admin auth provider. Logging in happens on the applicant app's shared login page:
 *
 * - no `token` cookie → full page navigation to `/login?redirect=/admin/`;
 * - token present → GET /api/user; role `admin` or `reader` is required, anyone else is sent to `/home`
 *   with their token untouched (spec §2: admin routes send non-admins to home);
 * - 401 from the API (token revoked or expired) → the cookie is dropped and the user goes to
 *   `/login?redirect=/admin/`;
 * - Logout → POST /api/logout (errors ignored), cookie removed (path '/'), then `/login`.
 *
 * All navigation is done here with `window.location` (the login page is another app), so
 * `logout` resolves `false` and react-admin's router never redirects by itself.
 *
 * The provider is built by {@link createAuthProvider} from injected dependencies so it can be
 * unit-tested without a browser.
 */
import type { AuthProvider, UserIdentity } from 'react-admin';
import type { Schema } from '../api/contract-types';
import { API_URL, HOME_URL, LOGIN_URL, loginRedirectUrl } from '../config';

/** GET /api/user answer (read defensively below: also inside a `{ data }` envelope). */
export type ApiUser = Schema<'UserResponse'>;

/** Identity of the logged-in admin as react-admin sees it. */
export interface AdminIdentity extends UserIdentity {
  first_name: string;
  last_name: string;
  email?: string;
}

/** What the auth provider needs from the outside world. */
export interface AuthDeps {
  /** Performs a JSON request; rejects with an error carrying `status` on HTTP errors. */
  request: (url: string, init?: { method?: string }) => Promise<{ json: unknown }>;
  getToken: () => string | undefined;
  removeToken: () => void;
  /** Full page navigation. */
  navigate: (url: string) => void;
  /** The page open now (path and query), to come back to after logging in; absent: the console's home. */
  here?: () => string;
}

/** Why the next logout happens; decides what it does and where it goes. */
type LogoutReason = 'user' | 'anonymous' | 'expired' | 'forbidden' | 'unavailable';

const statusOf = (error: unknown): number | undefined =>
  error && typeof error === 'object' && typeof (error as { status?: unknown }).status === 'number'
    ? (error as { status: number }).status
    : undefined;

/** Roles that may use this console: admins, and readers (their queue and assigned applications; issue 15). */
export const CONSOLE_ROLES = ['admin', 'reader'];

/** Builds the auth provider (see the module comment for the flow). */
export function createAuthProvider(deps: AuthDeps): AuthProvider {
  let pendingReason: LogoutReason | null = null;
  let cached: { token: string; user: Promise<ApiUser> } | null = null;

  /** The current user for the current token (one request per token). */
  const loadUser = (token: string): Promise<ApiUser> => {
    if (!cached || cached.token !== token) {
      const user = deps.request(`${API_URL}/user`).then(({ json }) => {
        const body = json as { role?: unknown; data?: unknown } | null;
        return (body && body.data && typeof body.data === 'object' && !('role' in body) ? body.data : body) as ApiUser;
      });
      cached = { token, user };
      user.catch(() => {
        if (cached?.user === user) cached = null;
      });
    }
    return cached.user;
  };

  /** Resolves with an admin user, or rejects after recording where logout must go. */
  const requireAdmin = async (): Promise<ApiUser> => {
    const token = deps.getToken();
    if (!token) {
      pendingReason = 'anonymous';
      throw { message: false };
    }
    let user: ApiUser;
    try {
      user = await loadUser(token);
    } catch (error) {
      const status = statusOf(error);
      if (status === 401) pendingReason = 'expired';
      else if (status === 403) pendingReason = 'forbidden';
      else {
        pendingReason = 'unavailable';
        throw { message: 'ra.notification.http_error' };
      }
      throw { message: false };
    }
    if (!CONSOLE_ROLES.includes(user.role ?? '')) {
      pendingReason = 'forbidden';
      throw { message: false };
    }
    return user;
  };

  return {
    async login() {
      // Logging in happens on the shared login page, never here.
      deps.navigate(loginRedirectUrl(deps.here?.()));
      return false;
    },

    async checkAuth() {
      await requireAdmin();
    },

    async checkError(error: unknown) {
      const status = statusOf(error);
      if (status === 401) {
        pendingReason = 'expired';
        cached = null;
        throw { message: false };
      }
      if (status === 403) {
        // Logged in but not allowed: say so, keep the session.
        const message =
          error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string'
            ? (error as { message: string }).message
            : 'ra.notification.not_authorized';
        throw { logoutUser: false, message };
      }
    },

    async getIdentity(): Promise<AdminIdentity> {
      const user = await requireAdmin();
      const first = user.first_name ?? '';
      const last = user.last_name ?? '';
      return {
        id: user.id,
        fullName: `${first} ${last}`.trim(),
        first_name: first,
        last_name: last,
        email: user.email,
      };
    },

    async getPermissions() {
      const token = deps.getToken();
      if (!token) return undefined;
      try {
        return (await loadUser(token)).role;
      } catch {
        return undefined;
      }
    },

    async logout() {
      const reason: LogoutReason = pendingReason ?? 'user';
      pendingReason = null;
      cached = null;
      switch (reason) {
        case 'unavailable':
          // The API could not be reached: keep the session, stay here.
          return false;
        case 'forbidden':
          // A logged-in applicant: keep their session, send them to their home.
          deps.navigate(HOME_URL);
          return false;
        case 'anonymous':
          deps.removeToken();
          deps.navigate(loginRedirectUrl(deps.here?.()));
          return false;
        case 'expired':
          deps.removeToken();
          deps.navigate(loginRedirectUrl(deps.here?.()));
          return false;
        case 'user':
          if (deps.getToken()) {
            try {
              await deps.request(`${API_URL}/logout`, { method: 'POST' });
            } catch {
              // spec §7: errors of the logout call are ignored
            }
          }
          deps.removeToken();
          deps.navigate(LOGIN_URL);
          return false;
      }
    },
  };
}
