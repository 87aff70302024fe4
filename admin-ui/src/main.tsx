/**
 * Entry point, kept tiny on purpose (issue 12 item 3): a visitor without the shared `token` cookie is
 * sent to the shared login page at once, before a byte of the console is loaded; anyone else loads the
 * console ({@link boot}) as a lazy chunk. Whether a present token belongs to an admin is still decided
 * by the auth provider (GET /api/user), which also handles revoked and expired tokens.
 */
import { LOGIN_REDIRECT_URL } from './config';
import { getToken } from './cookies';

if (getToken()) {
  void import('./boot').then(({ boot }) => boot());
} else {
  window.location.replace(LOGIN_REDIRECT_URL);
}
