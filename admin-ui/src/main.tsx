/**
 * Entry point, kept tiny on purpose (issue 12 item 3): a visitor without the shared `token` cookie is
 * sent to the shared login page at once (asked to come back to the page opened), before a byte of the console is loaded; anyone else loads the
 * console ({@link boot}) as a lazy chunk. Whether a present token belongs to an admin is still decided
 * by the auth provider (GET /api/user), which also handles revoked and expired tokens.
 */
import { loginRedirectUrl } from './config';
import { getToken } from './cookies';

if (getToken()) {
  void import('./boot').then(({ boot }) => boot());
} else {
  // back to the page opened (a deep link) once logged in
  window.location.replace(loginRedirectUrl(`${window.location.pathname}${window.location.search}`));
}
