/**
 * The HTTP client of the console: react-admin's fetchJson plus the headers every request carries
 * (spec §7): `Authorization: Bearer <token cookie>`, `Accept-Language: <locale cookie>`,
 * `X-Requested-With: XMLHttpRequest`; errors are mapped by {@link mapServerError}.
 */
import { fetchUtils, HttpError } from 'react-admin';
import { getLocale, getToken } from '../cookies';
import { mapServerError } from './serverErrors';

/**
 * Sets the headers every API request carries (spec §7) on `headers`, and answers it. An `Accept-Language`
 * the caller set is kept (the "What applicants see" page reads the public catalogue in a language other
 * than the console's); otherwise it is the console's locale.
 */
export function apiHeaders(headers: Headers): Headers {
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (!headers.has('Accept-Language')) headers.set('Accept-Language', getLocale());
  headers.set('X-Requested-With', 'XMLHttpRequest');
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** Performs a JSON request against the API; rejects with a react-admin HttpError. */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = apiHeaders(new Headers(options.headers as HeadersInit | undefined));
  try {
    // `no-cache` unless asked otherwise: the public hot reads (programs, config) are sent with
    // `stale-while-revalidate` for applicants; the console revalidates (a cheap 304) instead of showing a stale
    // answer while refetching in the background, so an admin sees an edit made a moment ago
    return await fetchUtils.fetchJson(url, { cache: 'no-cache', ...options, headers, credentials: 'same-origin' });
  } catch (error) {
    if (error instanceof HttpError) {
      const mapped = mapServerError(error.status, error.body, error.message);
      throw new HttpError(mapped.message, mapped.status, mapped.body);
    }
    throw error;
  }
}
