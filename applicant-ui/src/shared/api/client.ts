/**
 * The applicant app's typed API client (spec §7, §8; issue 14): the shared `openapi-fetch` client of
 * `contract/client/create-client.ts` over the generated contract, with the portal's request headers and
 * global error alerts.
 * - Request: `Authorization: Bearer <token cookie>` when the cookie exists, `Accept-Language: <locale>`,
 *   `X-Requested-With: XMLHttpRequest`.
 * - Error (through {@link call}): status ≥ 500 → error alert (`error_alert_title`/`error_alert_text`);
 *   401 while logged in → warning alert (`token_expired_alert_*`), then local logout and the login route.
 * Background polls pass `{ silent: true }` to {@link call} to skip the ≥ 500 alert.
 */
import { createPortalClient, unwrap, type ApiError, type UnwrapOptions } from '../../../../contract/client/create-client';
import { currentLocale } from '../../i18n';
import { showAlert } from '../ui/alert-bus';
import { appNavigate } from '../lib/navigator';
import { getToken } from './token-cookie';
import { authStore } from './auth-store';
import { takeEarlyAnswer } from '../../boot/early-requests';

export { ApiError, isApiError, type Schema } from '../../../../contract/client/create-client';

/** The headers every API request of this app carries (also used by the `keepalive` and upload requests). */
export function portalHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLocale(),
    'X-Requested-With': 'XMLHttpRequest',
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

let serverAlertOpen = false;
let expiredAlertOpen = false;

/** The global alerts of a failed call (see the file's header). */
export function alertForError(error: ApiError, options: UnwrapOptions): void {
  const status = error.status;
  if (status >= 500 && !options.silent && !serverAlertOpen) {
    serverAlertOpen = true;
    void showAlert({ titleKey: 'error_alert_title', textKey: 'error_alert_text', variant: 'error' }).then(() => {
      serverAlertOpen = false;
    });
  } else if (status === 401 && authStore.getUser() && !expiredAlertOpen) {
    expiredAlertOpen = true;
    void showAlert({
      titleKey: 'token_expired_alert_title',
      textKey: 'token_expired_alert_text',
      variant: 'warning',
    }).then(() => {
      expiredAlertOpen = false;
      authStore.logoutLocal();
      appNavigate('/login');
    });
  }
}

/**
 * The typed client (`api.GET('/api/config')` …); its paths are the contract's, `/api` included. Every
 * answer is revalidated (`no-cache`): the hot reads' `stale-while-revalidate` would otherwise let a page
 * show a list an admin changed a moment ago (and leave a background request the page never waits for).
 */
export const api = createPortalClient({
  headers: portalHeaders,
  onApiError: alertForError,
  cache: 'no-cache',
  // a read the early script of index.html already sent is answered by it (once; issue 28)
  fetch: (request) => takeEarlyAnswer(request) ?? globalThis.fetch(request),
});

/**
 * Awaits a call of {@link api} and returns its data.
 * @throws {ApiError} on a 4xx/5xx answer (after the global alerts); the fetch `TypeError` when no answer arrived
 */
export const call = unwrap;

/** The `X-Application-Token` header when the caller holds an application token (else the bearer login applies). */
export function applicationTokenHeader(token: string | null | undefined): Record<string, string> {
  return token ? { 'X-Application-Token': token } : {};
}
