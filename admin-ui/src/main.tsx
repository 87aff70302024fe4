/**
 * Entry point: reads the shared `locale` cookie, prepares the i18nProvider (which loads the
 * locale's messages) and the store, then renders the console.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { localStorageStore } from 'react-admin';
import { App } from './App';
import { getLocale } from './cookies';
import { createI18nProvider } from './i18n/i18nProvider';

const locale = getLocale();
document.documentElement.lang = locale;

// The cookie (shared with the applicant app) wins over a locale remembered by react-admin.
const store = localStorageStore(undefined, 'PortalAdmin');
store.setItem('locale', locale);

const root = createRoot(document.getElementById('root') as HTMLElement);

createI18nProvider(locale).then((i18nProvider) => {
  root.render(
    <StrictMode>
      <App i18nProvider={i18nProvider} store={store} />
    </StrictMode>,
  );
});
