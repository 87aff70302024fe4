/**
 * The console's auth provider instance, wired to the real cookies, API and browser location.
 */
import { httpClient } from '../api/httpClient';
import { getToken, removeToken } from '../cookies';
import { createAuthProvider } from './authProvider';

/** Full page navigation, once: react-admin may log out twice in a row (StrictMode, parallel checks). */
let leaving = false;
const leave = (url: string) => {
  if (leaving) return;
  leaving = true;
  window.location.assign(url);
};

/** Auth provider used by the app. */
export const authProvider = createAuthProvider({
  request: (url, init) => httpClient(url, init),
  getToken,
  removeToken,
  navigate: leave,
  here: () => `${window.location.pathname}${window.location.search}`,
});
