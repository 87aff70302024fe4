/**
 * Deployment constants of the admin console (paths are same-origin: the API serves this app).
 */

/** Base path of the JSON API. */
export const API_URL = '/api';
/** Base path of the react-admin resources (ra-data-simple-rest dialect). */
export const ADMIN_API_URL = `${API_URL}/admin`;
/** Router basename: the API serves this build under `/admin/`. */
export const BASENAME = '/admin';
/** Shared login page of the applicant app. */
export const LOGIN_URL = '/login';
/** Login page asked to come back to this console after a successful login. */
export const LOGIN_REDIRECT_URL = `${LOGIN_URL}?redirect=${BASENAME}/`;

/**
 * The login page asked to come back to `here` (a path with its query, e.g. `/admin/campaigns/…/show`) when it is
 * a page of this console — a deep link opened by a guest, or a page whose session expired — else to the
 * console's home ({@link LOGIN_REDIRECT_URL}). The login page checks the redirect is a same-site path.
 */
export function loginRedirectUrl(here: string | undefined): string {
  if (!here || here === `${BASENAME}/` || !here.startsWith(`${BASENAME}/`)) return LOGIN_REDIRECT_URL;
  return `${LOGIN_URL}?redirect=${encodeURIComponent(here)}`;
}
/** Where non-admins are sent (spec §2: admin routes send non-admins to home). */
export const HOME_URL = '/home';

/** Cookie holding the bearer token (set by the shared login page). */
export const TOKEN_COOKIE = 'token';
/** Cookie holding the chosen locale, shared with the applicant app. */
export const LOCALE_COOKIE = 'locale';
/** Lifetime of the locale cookie (spec §9). */
export const LOCALE_COOKIE_DAYS = 365;

/** Locales of the product (spec §1). */
export const LOCALES = ['en', 'es', 'zh-CN'] as const;
/** One of {@link LOCALES}. */
export type AppLocale = (typeof LOCALES)[number];
/** Locale used when none (or an unknown one) is chosen. */
export const DEFAULT_LOCALE: AppLocale = 'en';

/** Time zone in which maintenance windows are entered (spec §9). */
export const EASTERN_ZONE = 'America/New_York';
/** How long the dropdown "updated" flag stays true after a save (spec §4, §9). */
export const UPDATED_FLAG_MS = 500;
