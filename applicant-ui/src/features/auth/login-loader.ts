/**
 * Loader of /login: the landing of the OAuth callback (docs/api.md "OAuth sign-in") and the guest-only
 * guard (spec §2, §6). Runs before the page renders, so a signed-in landing never shows the form.
 */
import { redirect } from 'react-router-dom';
import { ensureAuthChecked, loginWithToken } from '../../shared/api/auth-api';
import type { User } from '../../shared/api/auth-store';
import { pathFor } from '../../app/route-names';
import { parseOAuthFragment, takeOAuthRedirect } from './oauth';
import { postLoginTarget } from './post-login';

/** What the login page learns from its loader: the OAuth error code of the landing, if any. */
export interface LoginLoaderData {
  oauthError: string | null;
}

/**
 * 1. Waits for the route's auth check (so that an older user fetch cannot overwrite the new user).
 * 2. Reads `#oauth_token=…` / `#oauth_error=…` and removes the fragment from the address bar
 *    (history.replaceState), so the token stays neither in the history nor on screen.
 * 3. A token: stored like a login (session cookie), the user fetched, then the `redirect` kept before
 *    leaving for the provider, else /home (admins /admin/). A failed user fetch clears the token and
 *    reports `OAU-000`.
 * 4. Otherwise the guest-only guard: a logged-in user goes to /home; an error code goes to the page.
 */
export async function loginLoader(): Promise<LoginLoaderData> {
  await ensureAuthChecked();
  const landing = parseOAuthFragment(window.location.hash);
  if (landing) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  if (landing?.kind === 'token') {
    const kept = takeOAuthRedirect();
    let user: User;
    try {
      user = await loginWithToken(landing.token);
    } catch {
      return { oauthError: 'OAU-000' };
    }
    const target = postLoginTarget(user, kept);
    if (!target.fullLoad) throw redirect(target.path);
    window.location.assign(target.path);
    return new Promise<LoginLoaderData>(() => undefined);
  }
  if (landing?.kind === 'error') return { oauthError: landing.code };
  if (await ensureAuthChecked()) throw redirect(pathFor('home'));
  return { oauthError: null };
}
