/** Entry point: load the locale first (no untranslated flash), then render the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ensureLocaleLoaded } from './i18n';
import { App } from './app/App';
import './styles/global.css';

void ensureLocaleLoaded()
  .catch(() => undefined)
  .then(() => {
    const root = document.getElementById('root');
    if (!root) return;
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
