/**
 * Entry point. The router is made first, so the page's chunk and its data (root loader: locale, auth check,
 * maintenance, advisory; a form page's token check…) are requested together, without waiting for one
 * another (issue 28); the first render waits for the locale (no untranslated flash).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ensureLocaleLoaded } from './i18n';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import './styles/global.css';

const locale = ensureLocaleLoaded().catch(() => undefined);
const router = createAppRouter();
void locale.then(() => {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
});
