/** Basic / login-style layout (spec §2): a centred container with a small header. */
import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';

/** Centred layout for login, home and the invalid / not-found pages. */
export function BasicLayout() {
  const { t } = useTranslation();
  return (
    <div className="layout layout--basic">
      <a className="skip-link" href="#main">
        {t('nav.skip_to_content')}
      </a>
      <header className="navbar navbar--basic">
        <Logo href="/" />
        <LanguageSwitcher />
      </header>
      <main id="main" className="centered" tabIndex={-1}>
        <div className="card">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
