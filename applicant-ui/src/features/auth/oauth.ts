/**
 * OAuth sign-in helpers (docs/api.md "OAuth sign-in"): the landing fragment the server's callback
 * sends the browser to (`/login#oauth_token=…&token_type=bearer&expires_in=…` or `#oauth_error=OAU-00x`),
 * the message key of each error code, the button label of a provider, and the `redirect` target kept
 * in sessionStorage across the round trip to the provider. Pure functions except the storage pair.
 */

/** What a landing fragment says: a bearer token (lifetime in seconds), an error code, or nothing for us. */
export type OAuthLanding = { kind: 'token'; token: string; expiresIn: number | null } | { kind: 'error'; code: string } | null;

/**
 * Parses `location.hash` after the OAuth callback.
 * @param hash the fragment with or without its leading `#`
 * @returns `token` when `oauth_token` is present and non-empty (with `token_type` absent or `bearer`,
 *   case-insensitive), `error` when `oauth_error` is present (an empty code becomes `OAU-000`), else null
 *   (any other fragment, e.g. an in-page anchor, is not ours)
 */
export function parseOAuthFragment(hash: string): OAuthLanding {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  if (params.has('oauth_error')) return { kind: 'error', code: params.get('oauth_error')?.trim() || 'OAU-000' };
  const token = params.get('oauth_token')?.trim();
  if (!token) return null;
  const type = params.get('token_type');
  if (type !== null && type.toLowerCase() !== 'bearer') return { kind: 'error', code: 'OAU-000' };
  const seconds = Number(params.get('expires_in'));
  return { kind: 'token', token, expiresIn: params.has('expires_in') && Number.isFinite(seconds) && seconds > 0 ? seconds : null };
}

/** Message key per OAuth error code of the callback; anything else gets `login.oauth_error_other`. */
const OAUTH_ERROR_KEYS: Record<string, string> = {
  'OAU-001': 'login.oauth_error_state',
  'OAU-002': 'login.oauth_error_provider',
  'OAU-003': 'login.oauth_error_email',
};

/**
 * i18n key of the message for an OAuth error code: OAU-001 (state missing, foreign, expired or used →
 * "start again"), OAU-002 (the provider refused or failed), OAU-003 (no usable e-mail), else a generic one.
 */
export function oauthErrorKey(code: string): string {
  return Object.hasOwn(OAUTH_ERROR_KEYS, code) ? OAUTH_ERROR_KEYS[code]! : 'login.oauth_error_other';
}

/**
 * Display name of a provider from its configured name (lower-case letters, digits, `-`):
 * each `-`-separated word capitalised, e.g. `acme` → `Acme`, `campus-sso` → `Campus Sso`.
 */
export function providerLabel(name: string): string {
  return name
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** sessionStorage key of the `redirect` target kept while the browser visits the provider. */
export const OAUTH_REDIRECT_KEY = 'portal.oauth_redirect';

/** Keeps the login page's `redirect` query (or forgets an older one) before leaving for the provider. */
export function keepOAuthRedirect(target: string | null): void {
  try {
    if (target) sessionStorage.setItem(OAUTH_REDIRECT_KEY, target);
    else sessionStorage.removeItem(OAUTH_REDIRECT_KEY);
  } catch {
    /* storage unavailable (private mode): fall back to the default target */
  }
}

/** Takes (reads and removes) the `redirect` target kept by {@link keepOAuthRedirect}, or null. */
export function takeOAuthRedirect(): string | null {
  try {
    const target = sessionStorage.getItem(OAUTH_REDIRECT_KEY);
    sessionStorage.removeItem(OAUTH_REDIRECT_KEY);
    return target;
  } catch {
    return null;
  }
}
