/**
 * The route tree (spec §2, DESIGN §3), history mode via createBrowserRouter. Every route first loads
 * the locale and runs the auth check (root loader, re-run on every navigation). Pages are lazy chunks
 * loaded through {@link importWithReload} (a failed chunk reloads the page once).
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { ensureLocaleLoaded } from '../i18n';
import { ensureAuthChecked } from '../shared/api/auth-api';
import { loginLoader } from '../features/auth/login-loader';
import { prefetchMaintenance } from '../features/maintenance/maintenance-api';
import { preloadAdvisoryLines } from '../features/advisory/advisory-api';
import { prefetchFormPage } from '../features/application/prefetch-form-page';
import { BasicLayout } from './BasicLayout';
import { MainLayout } from './MainLayout';
import { InitialLoading, RootShell } from './RootShell';
import { RouteError } from './RouteError';
import { NO_ACCOUNT_NAV } from './route-handles';
import { importWithReload } from './lazy-page';
import { pathFor } from './route-names';

/**
 * Locale + auth check run before every route (spec §2); the first run also waits (at most 1.5 s) for the
 * page's first maintenance check, and the advisory banner's lines are fetched beside them (once per page
 * load), so neither banner pushes the page down after the first paint (issues 10, 13).
 */
export async function rootLoader(): Promise<null> {
  await Promise.all([ensureLocaleLoaded(), ensureAuthChecked(), prefetchMaintenance(), preloadAdvisoryLines()]);
  return null;
}

/** Guest-only guard (register, password reset pages; /login has its own loader): logged-in users go home (spec §2, §6). */
async function guestOnly(): Promise<null> {
  const user = await ensureAuthChecked();
  if (user) throw redirect(pathFor('home'));
  return null;
}

/** Logged-in-only guard: anonymous users go to login with a redirect back. */
async function loggedInOnly({ request }: LoaderFunctionArgs): Promise<null> {
  const user = await ensureAuthChecked();
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`${pathFor('login')}?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return null;
}

/** /dropdowns and /banner (DESIGN §3): admins go to the admin console, others home, anonymous to login. */
function adminRedirect(adminPath: string) {
  return async (args: LoaderFunctionArgs): Promise<null> => {
    await loggedInOnly(args);
    const user = await ensureAuthChecked();
    if (user?.role === 'admin') {
      window.location.assign(adminPath);
      return new Promise<null>(() => undefined);
    }
    throw redirect(pathFor('home'));
  };
}

/** Form pages: the first load's requests go out beside the page's chunk (issue 28); never waits. */
function formPageLoader({ request, params }: LoaderFunctionArgs): null {
  prefetchFormPage(new URL(request.url), params.step);
  return null;
}

const page = (importer: () => Promise<{ default: ComponentType }>) => async () => {
  const mod = await importWithReload(importer);
  return { Component: mod.default };
};

/** Route objects (exported for tests and documentation). */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootShell />,
    loader: rootLoader,
    shouldRevalidate: () => true,
    HydrateFallback: InitialLoading,
    errorElement: <RouteError />,
    children: [
      {
        element: <MainLayout />,
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: page(() => import('../features/welcome/WelcomePage')) },
          { path: 'application/:step?', loader: formPageLoader, lazy: page(() => import('../features/application/ApplicationPage')) },
          { path: 'details/:step?', loader: formPageLoader, lazy: page(() => import('../features/application/ApplicationPage')) },
          { path: 'application/thank-you', lazy: page(() => import('../features/payment/ThankYouPage')) },
          { path: 'details/thank-you', lazy: page(() => import('../features/details/DetailsThankYouPage')) },
        ],
      },
      {
        element: <BasicLayout />,
        errorElement: <RouteError />,
        children: [
          { path: 'login', loader: loginLoader, lazy: page(() => import('../features/auth/LoginPage')) },
          { path: 'register', loader: guestOnly, lazy: page(() => import('../features/auth/RegisterPage')) },
          { path: 'password/reset', loader: guestOnly, lazy: page(() => import('../features/auth/PasswordRequestPage')) },
          { path: 'password/reset/:token', loader: guestOnly, lazy: page(() => import('../features/auth/PasswordResetPage')) },
          { path: 'email/verify/:token', lazy: page(() => import('../features/email-verify/EmailVerifyPage')) },
          { path: 'home', loader: loggedInOnly, lazy: page(() => import('../features/home/HomePage')) },
          { path: 'dropdowns', loader: adminRedirect('/admin/dropdowns') },
          { path: 'banner', loader: adminRedirect('/admin/banner') },
          { path: 'validation', lazy: page(() => import('../features/validation/ValidationPage')) },
          { path: 'decision', lazy: page(() => import('../features/decision/DecisionPage')) },
          { path: 'continue', lazy: page(() => import('../features/continue/ContinuePage')) },
          { path: 'preferences', lazy: page(() => import('../features/preferences/PreferencesPage')) },
          { path: 'recommendation', handle: NO_ACCOUNT_NAV, lazy: page(() => import('../features/recommendations/RecommendationPage')) },
          { path: 'invalid-token', lazy: page(() => import('../features/errors/InvalidTokenPage')) },
          { path: 'invalid-application', lazy: page(() => import('../features/errors/InvalidApplicationPage')) },
          { path: '*', lazy: page(() => import('../features/errors/NotFoundPage')) },
        ],
      },
    ],
  },
];

/** The app's router. */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Creates the browser router for the app (it starts loading the current route at once). */
export function createAppRouter(): AppRouter {
  return createBrowserRouter(routes);
}
