/**
 * Access to the cookies shared with the applicant app: the bearer `token` and the `locale`.
 */
import Cookies from 'js-cookie';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_DAYS, TOKEN_COOKIE, type AppLocale } from './config';
import { toAppLocale } from './i18n/locales';

/** The bearer token set by the shared login page, if any. */
export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

/** Removes the token cookie (it is set on path '/'). */
export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
}

/** The locale chosen in either app (cookie), or English. */
export function getLocale(): AppLocale {
  return toAppLocale(Cookies.get(LOCALE_COOKIE)) ?? DEFAULT_LOCALE;
}

/** Saves the chosen locale for 365 days, for both apps. */
export function setLocaleCookie(locale: AppLocale): void {
  Cookies.set(LOCALE_COOKIE, locale, { expires: LOCALE_COOKIE_DAYS, path: '/', sameSite: 'lax' });
}
