/** Access to the `token` auth cookie (spec §3, §4). */
import Cookies from 'js-cookie';

/** Cookie name holding the bearer token. */
export const TOKEN_COOKIE = 'token';

/** Lifetime of a "remember me" token cookie, in days (spec §9). */
export const REMEMBER_DAYS = 365;

/** The bearer token from the cookie, or undefined. */
export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

/** Saves the token: 365 days when `remember`, otherwise a session cookie. SameSite=Lax, path '/'. */
export function setToken(token: string, remember: boolean): void {
  Cookies.set(TOKEN_COOKIE, token, {
    expires: remember ? REMEMBER_DAYS : undefined,
    sameSite: 'Lax',
    path: '/',
    secure: window.location.protocol === 'https:',
  });
}

/** Removes the token cookie. */
export function clearToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
}
