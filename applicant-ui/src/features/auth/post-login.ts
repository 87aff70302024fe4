/** Where a freshly logged-in user goes (login, register, OAuth landing). */
import type { User } from '../../shared/api/auth-store';
import { isSafeRedirect, pathFor } from '../../app/route-names';

/** A destination: a path of this app (`fullLoad: false`, client-side navigation) or of the admin console. */
export interface PostLoginTarget {
  path: string;
  /** True for `/admin…` paths, served by the other app: a full page load. */
  fullLoad: boolean;
}

/**
 * The `redirect` query when it is a safe same-site path ({@link isSafeRedirect}); otherwise admins and
 * readers (issue 15: their queue is in the console) go to the admin console `/admin/` and everyone else
 * to `/home` (DESIGN §3).
 */
export function postLoginTarget(user: Pick<User, 'role'>, redirect: string | null | undefined): PostLoginTarget {
  if (isSafeRedirect(redirect)) return { path: redirect, fullLoad: redirect === '/admin' || redirect.startsWith('/admin/') };
  if (user.role === 'admin' || user.role === 'reader') return { path: '/admin/', fullLoad: true };
  return { path: pathFor('home'), fullLoad: false };
}
