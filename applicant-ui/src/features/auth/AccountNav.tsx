/**
 * The account part of the navigation bar: "Log in" and "Register" for a guest; "My applications"
 * (/home) and "Log out" when logged in. Log out revokes the token on the server (errors ignored, spec
 * §7), forgets the user and token, then goes to the login route (spec §2, §4); an open form session
 * ends first (issue 11 item 7).
 */
import { useSyncExternalStore } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { authStore } from '../../shared/api/auth-store';
import { logout } from '../../shared/api/auth-api';
import { pathFor } from '../../app/route-names';
import { endOpenSessions } from '../session/useFormSession';

/** Account links of the site header. */
export function AccountNav() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSyncExternalStore(authStore.subscribe, authStore.getUser);

  const onLogout = async () => {
    await endOpenSessions();
    await logout();
    void navigate(pathFor('login'), { replace: true });
  };

  return (
    <nav className="account-nav" aria-label={t('account_nav.label')}>
      {user ? (
        <>
          <Link className="account-nav__link" to={pathFor('home')}>
            {t('account_nav.home')}
          </Link>
          <button type="button" className="btn btn--ghost account-nav__button" onClick={() => void onLogout()}>
            {t('account_nav.logout')}
          </button>
        </>
      ) : (
        <>
          <Link className="account-nav__link" to={pathFor('login')}>
            {t('account_nav.login')}
          </Link>
          <Link className="account-nav__link" to={pathFor('register')}>
            {t('account_nav.register')}
          </Link>
        </>
      )}
    </nav>
  );
}
