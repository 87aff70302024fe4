/**
 * Named routes of spec §2 (login, home, invalid-application, invalid-token) plus the welcome page and
 * the account pages (register, password-request = ask for a reset link).
 */
export const ROUTES = {
  welcome: '/',
  login: '/login',
  register: '/register',
  'password-request': '/password/reset',
  home: '/home',
  'invalid-application': '/invalid-application',
  'invalid-token': '/invalid-token',
  decision: '/decision',
} as const;

/** A route name. */
export type RouteName = keyof typeof ROUTES;

/** Path of a named route. */
export function pathFor(name: RouteName): string {
  return ROUTES[name];
}

/**
 * True when `target` is a same-site path safe to redirect to after login: starts with a single `/`,
 * no scheme, no protocol-relative `//` or backslash tricks.
 */
export function isSafeRedirect(target: string | null | undefined): target is string {
  if (!target) return false;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return false;
  return !/[\r\n\t]/.test(target);
}

/** Builds the application form path for a step and token: `/application/<step>?token=…`. */
export function applicationPath(step: number | string, token: string, base: 'application' | 'details' = 'application'): string {
  return `/${base}/${step}?token=${encodeURIComponent(token)}`;
}
