/**
 * The top of every layout: the skip link to `#main`, then the navigation bar with the logo, the
 * account links (log in / register, or my applications / log out) and the language switcher.
 */
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import { AccountNav } from '../features/auth/AccountNav';
import { isAccountless } from './route-handles';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';

/**
 * @param logoHref where the logo links (the provider's main site, or `/`)
 * @param className extra class of the navigation bar (e.g. `navbar--basic`)
 */
export function SiteHeader({ logoHref, className }: { logoHref: string; className?: string }) {
  const { t } = useTranslation();
  const accountNav = !useMatches().some((match) => isAccountless(match.handle));
  return (
    <>
      <a className="skip-link" href="#main">
        {t('nav.skip_to_content')}
      </a>
      <header className={className ? `navbar ${className}` : 'navbar'}>
        <Logo href={logoHref} />
        <div className="navbar__end">
          {accountNav && <AccountNav />}
          <LanguageSwitcher />
        </div>
      </header>
    </>
  );
}
