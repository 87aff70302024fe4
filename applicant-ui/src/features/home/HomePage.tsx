/**
 * /home: admins go to the admin console (/admin/); applicants see a greeting and, for now, an empty
 * list (their applications come in a later issue) and a Logout button.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { authStore } from '../../shared/api/auth-store';
import { logout } from '../../shared/api/auth-api';
import { pathFor } from '../../app/route-names';
import { useHeadingFocus } from '../../shared/ui/usePageHeadingFocus';

/** Dashboard home for applicants. */
export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSyncExternalStore(authStore.subscribe, authStore.getUser);
  const headingRef = useHeadingFocus(null, true);

  useEffect(() => {
    if (user?.role === 'admin') window.location.assign('/admin/');
  }, [user]);

  const onLogout = async () => {
    await logout();
    void navigate(pathFor('login'), { replace: true });
  };

  return (
    <section>
      <h1 ref={headingRef} tabIndex={-1}>
        {t('home.title')}
      </h1>
      {user && <p>{t('home.greeting', { firstName: user.first_name, lastName: user.last_name })}</p>}
      <p>{t('home.no_applications')}</p>
      <button type="button" className="btn btn--ghost" onClick={() => void onLogout()}>
        {t('home.logout')}
      </button>
    </section>
  );
}
