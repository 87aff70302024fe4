/**
 * Starts the console (loaded by `main.tsx` only when a token cookie is present): reads the shared
 * `locale` cookie, prepares the i18nProvider (which loads the locale's messages) and the store, then
 * renders the console into `#root`.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { localStorageStore } from 'react-admin';
import { App } from './App';
import { getLocale } from './cookies';
import { createI18nProvider } from './i18n/i18nProvider';

/** Renders the console. Resolves once the first render is scheduled. */
export async function boot(): Promise<void> {
  const locale = getLocale();
  document.documentElement.lang = locale;

  // The cookie (shared with the applicant app) wins over a locale remembered by react-admin.
  const store = localStorageStore(undefined, 'PortalAdmin');
  store.setItem('locale', locale);

  const root = createRoot(document.getElementById('root') as HTMLElement);
  const i18nProvider = await createI18nProvider(locale);
  root.render(
    <StrictMode>
      <App i18nProvider={i18nProvider} store={store} />
    </StrictMode>,
  );
}
