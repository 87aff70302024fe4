/** Links between the account pages that carry the login page's `redirect` query along. */

/**
 * `path` with `?redirect=<target>` when a target is given, so that going from /login to /register (and
 * back) still ends where the user was headed. The target is checked later, where it is used.
 */
export function withRedirect(path: string, target: string | null | undefined): string {
  return target ? `${path}?redirect=${encodeURIComponent(target)}` : path;
}
