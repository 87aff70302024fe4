import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startOAuthProvider, type OAuthProviderDouble } from '../server/test/support/oauth-provider.js';
import { startSmtpSink, type SmtpSink } from '../server/test/support/smtp-sink.js';
import { launchBrowser, newUser } from './support/browser.js';
import { startPortal, type RunningPortal } from './support/portal.js';

/**
 * Accounts of issue 5 in the applicant-ui, end to end in chromium: register → log out → ask for a
 * password reset → open the link of the e-mail delivered to an in-process SMTP server → set a new
 * password → log in with it (the old one refused); OAuth sign-in through a local OAuth2 provider
 * double; the route guards; the per-account lockout's 429 message in the caller's language.
 */
let portal: RunningPortal;
let browser: Browser;
let sink: SmtpSink;
let provider: OAuthProviderDouble;

/** Failed logins before an e-mail is locked (small, to keep the 429 test short). */
const LOCKOUT_FAILURES = 3;

beforeAll(async () => {
  sink = await startSmtpSink();
  provider = await startOAuthProvider();
  browser = await launchBrowser();
  portal = await startPortal({
    SMTP_URL: sink.url,
    OAUTH_PROVIDERS: JSON.stringify({ acme: provider.config() }),
    LOGIN_LOCKOUT_FAILURES: String(LOCKOUT_FAILURES),
  });
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await sink?.close();
  await provider?.close();
});

/** The `token` cookie of the context, if any. */
async function tokenCookie(context: BrowserContext) {
  return (await context.cookies(portal.baseUrl)).find((c) => c.name === 'token');
}

/** Fills and submits the login form. */
async function logIn(page: Page, email: string, password: string, remember = false): Promise<void> {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

const DAY_S = 24 * 3600;

describe('register, log out, reset the password by e-mail, log in', () => {
  it('runs the whole round with the e-mailed link, refuses the old password and a second use of the link', async () => {
    const { context, errors } = await newUser(browser);
    const page = await context.newPage();
    const email = 'rivka.levi@example.com';

    // Register (reached from the login page), then logged in on /home.
    await page.goto(`${portal.baseUrl}/login`);
    await page.getByRole('main').getByRole('link', { name: 'Register' }).click();
    await page.waitForURL(`${portal.baseUrl}/register`);
    await page.getByRole('heading', { level: 1, name: 'Register' }).waitFor();
    await page.getByLabel('First name').fill('Rivka');
    await page.getByLabel('Last name').fill('Levi');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('first-password-1');
    await page.getByLabel('Confirm password').fill('first-password-2');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('The two passwords are not the same.').waitFor();
    await page.getByLabel('Confirm password').fill('first-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${portal.baseUrl}/home`);
    await page.getByText('Welcome, Rivka Levi.').waitFor();
    expect((await tokenCookie(context))?.expires).toBe(-1); // registering keeps a session cookie

    // The same e-mail cannot register twice: the server's 422 shows on the e-mail field.
    const other = await (await newUser(browser)).context.newPage();
    await other.goto(`${portal.baseUrl}/register`);
    await other.getByLabel('First name').fill('Someone');
    await other.getByLabel('Last name').fill('Else');
    await other.getByLabel('E-mail').fill(email.toUpperCase());
    await other.getByLabel('Password', { exact: true }).fill('another-password');
    await other.getByLabel('Confirm password').fill('another-password');
    await other.getByRole('button', { name: 'Create account' }).click();
    await other.locator('input[type="email"][aria-invalid="true"]').waitFor();
    await other.getByText('This e-mail address is already registered.').waitFor();
    expect(other.url()).toBe(`${portal.baseUrl}/register`);
    await other.context().close();

    // Log out from the header: the server revokes the token, the header offers log in / register again.
    const oldToken = (await tokenCookie(context))!.value;
    await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${portal.baseUrl}/login`);
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Register' }).waitFor();
    expect(await tokenCookie(context)).toBeUndefined();
    const revoked = await fetch(`${portal.baseUrl}/api/user`, { headers: { authorization: `Bearer ${oldToken}` } });
    expect(revoked.status).toBe(401);

    // Ask for a reset link.
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(`${portal.baseUrl}/password/reset`);
    // the address changes before the lazily loaded page replaces the login form (whose E-mail field has the
    // same label): on a loaded machine the fill once went to the login form, and the request went out empty
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByTestId('password-reset-sent').getByText('If an account exists for this e-mail address').waitFor();

    // The e-mail arrives at the SMTP server, with the link to /password/reset/{token}?email=….
    const mail = await sink.waitFor((m) => m.to.includes(email) && m.text.includes('/password/reset/'), 10_000);
    const link = new RegExp(`${portal.baseUrl.replace(/[.:/]/g, '\\$&')}/password/reset/[^\\s"<>]+`).exec(mail.text)?.[0];
    expect(link).toBeDefined();
    expect(new URL(link!).searchParams.get('email')).toBe(email);

    // Open the link, set a new password; the login page then says so.
    await page.goto(link!);
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await expect(page.getByLabel('E-mail').inputValue()).resolves.toBe(email);
    await page.getByLabel('New password', { exact: true }).fill('second-password');
    await page.getByLabel('Confirm new password').fill('second-password');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.waitForURL(`${portal.baseUrl}/login`);
    await page.getByTestId('login-status').getByText('Your password has been reset. Please log in.').waitFor();

    // The old password is refused, with the server's message.
    await logIn(page, email, 'first-password-1');
    await page.getByTestId('login-failure').waitFor();
    expect(page.url()).toBe(`${portal.baseUrl}/login`);

    // The new one works; "remember me" keeps the token cookie for 365 days.
    await logIn(page, email, 'second-password', true);
    await page.waitForURL(`${portal.baseUrl}/home`);
    await page.getByText('Welcome, Rivka Levi.').waitFor();
    const remembered = await tokenCookie(context);
    expect(remembered!.expires - Date.now() / 1000).toBeGreaterThan(364 * DAY_S);
    expect(remembered!.expires - Date.now() / 1000).toBeLessThan(366 * DAY_S);

    // The link works once: opened again (logged out, in a fresh context) it says so and offers to ask again.
    const { context: later } = await newUser(browser);
    const again = await later.newPage();
    await again.goto(link!);
    await again.getByLabel('New password', { exact: true }).fill('third-password');
    await again.getByLabel('Confirm new password').fill('third-password');
    await again.getByRole('button', { name: 'Save the new password' }).click();
    const invalid = again.getByTestId('password-reset-invalid');
    await invalid.getByText('This password reset link is invalid or has expired').waitFor();
    await invalid.getByRole('link', { name: 'Ask for a new link' }).click();
    await again.waitForURL(`${portal.baseUrl}/password/reset`);
    await later.close();

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('OAuth sign-in against a local OAuth2 provider double', () => {
  it('goes from the login page button through the provider and lands logged in on /home, the token out of the address bar', async () => {
    provider.user = {
      sub: 'acme-e2e-1',
      email: 'malka.stern@example.com',
      email_verified: true,
      given_name: 'Malka',
      family_name: 'Stern',
    };
    const { context, errors } = await newUser(browser);
    const page = await context.newPage();
    const visited: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) visited.push(request.url());
    });
    await page.goto(`${portal.baseUrl}/login`);
    await page.getByRole('button', { name: 'Sign in with Acme' }).click();
    await page.waitForURL(`${portal.baseUrl}/home`);
    await page.getByText('Welcome, Malka Stern.').waitFor();
    expect(visited.some((url) => url.startsWith(`${provider.url}/authorize?`))).toBe(true);
    expect(visited.some((url) => url.startsWith(`${portal.baseUrl}/api/oauth/acme/callback?`))).toBe(true);
    expect(page.url()).not.toContain('oauth_token');
    const cookie = await tokenCookie(context);
    expect(cookie?.expires).toBe(-1); // a session cookie, like a login without "remember me"
    const me = await fetch(`${portal.baseUrl}/api/user`, { headers: { authorization: `Bearer ${cookie!.value}` } });
    await expect(me.json()).resolves.toMatchObject({ email: 'malka.stern@example.com', first_name: 'Malka', role: 'applicant' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('returns to the redirect the login page was given', async () => {
    provider.user = { sub: 'acme-e2e-1', email: 'malka.stern@example.com', email_verified: true };
    const { context } = await newUser(browser);
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/login?redirect=${encodeURIComponent('/continue')}`);
    await page.getByRole('button', { name: 'Sign in with Acme' }).click();
    await page.waitForURL(`${portal.baseUrl}/continue`);
    expect(await tokenCookie(context)).toBeDefined();
    await context.close();
  });

  it('shows a localised message per error code when the provider refuses, and clears the fragment', async () => {
    provider.user = 'deny';
    const { context, errors } = await newUser(browser);
    await context.addCookies([{ name: 'locale', value: 'es', url: portal.baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/login`);
    await page.getByRole('button', { name: 'Iniciar sesión con Acme' }).click();
    await page.getByTestId('login-failure').getByText('El servicio de inicio de sesión no le dio acceso').waitFor();
    expect(page.url()).toBe(`${portal.baseUrl}/login`);
    expect(await tokenCookie(context)).toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('guards', () => {
  it('sends a logged-out visit of /home to /login?redirect=/home, and back there after logging in', async () => {
    const email = 'guard.check@example.com';
    const registered = await fetch(`${portal.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Dina',
        last_name: 'Guard',
        email,
        password: 'guard-password',
        password_confirmation: 'guard-password',
      }),
    });
    expect(registered.status).toBe(201);
    const { context, errors } = await newUser(browser);
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/home`);
    await page.waitForURL(`${portal.baseUrl}/login?redirect=%2Fhome`);
    await logIn(page, email, 'guard-password');
    await page.waitForURL(`${portal.baseUrl}/home`);
    await page.getByText('Welcome, Dina Guard.').waitFor();

    // guest-only pages send a logged-in user home
    for (const path of ['/login', '/register', '/password/reset', '/password/reset/some-token?email=x%40example.com']) {
      await page.goto(`${portal.baseUrl}${path}`);
      await page.waitForURL(`${portal.baseUrl}/home`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers a 401 while logged in with the "session expired" alert, then logs out locally and opens /login', async () => {
    const registered = await fetch(`${portal.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Lea',
        last_name: 'Expired',
        email: 'lea.expired@example.com',
        password: 'expired-password',
        password_confirmation: 'expired-password',
      }),
    });
    const { token } = (await registered.json()) as { token: string };
    const { context, errors } = await newUser(browser);
    await context.addCookies([{ name: 'token', value: token, url: portal.baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/`);
    const account = page.getByRole('navigation', { name: 'Account' });
    await account.getByRole('button', { name: 'Log out' }).waitFor(); // the user is loaded
    // the token is revoked behind the page's back (e.g. a password reset elsewhere)
    const revoked = await fetch(`${portal.baseUrl}/api/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(revoked.status).toBe(200);
    await account.getByRole('link', { name: 'My applications' }).click(); // /home asks GET /api/applications → 401
    const alert = page.getByRole('alertdialog', { name: 'Session expired' });
    await alert.getByText('Your session has expired. Please log in again.').waitFor();
    await alert.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`${portal.baseUrl}/login`);
    await account.getByRole('link', { name: 'Log in' }).waitFor();
    expect(await tokenCookie(context)).toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('clears a token cookie the server refuses (failed user fetch) and treats the visitor as a guest', async () => {
    const { context } = await newUser(browser);
    await context.addCookies([{ name: 'token', value: 'not-a-real-token', url: portal.baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/register`);
    await page.getByRole('heading', { level: 1, name: 'Register' }).waitFor();
    expect(await tokenCookie(context)).toBeUndefined();
    await context.close();
  });
});

describe('abuse limits', () => {
  it('shows the server’s 429 message in the visitor’s language once an e-mail is locked', async () => {
    const { context } = await newUser(browser);
    await context.addCookies([{ name: 'locale', value: 'es', url: portal.baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/login`);
    const failure = page.getByTestId('login-failure');
    for (let attempt = 1; attempt <= LOCKOUT_FAILURES + 1; attempt += 1) {
      const answer = page.waitForResponse((r) => r.url() === `${portal.baseUrl}/api/login`);
      await page.getByLabel('Correo electrónico', { exact: true }).fill('locked.out@example.com');
      await page.getByLabel('Contraseña', { exact: true }).fill(`wrong-${attempt}`);
      await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
      const response = await answer;
      // the failure that reaches the limit already answers 429, and so does every try while locked
      expect(response.status()).toBe(attempt < LOCKOUT_FAILURES ? 401 : 429);
    }
    await failure.getByText(/Demasiados inicios de sesión fallidos para esta cuenta\. Espere \d+ segundos/).waitFor();
    await context.close();
  });
});
