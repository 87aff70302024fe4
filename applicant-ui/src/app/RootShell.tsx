/**
 * Root route element: registers the router's navigate for non-React code, keeps the document title
 * translated, renders the progress bar, the routed layout and the global alert host.
 */
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { setNavigator } from '../shared/lib/navigator';
import { AlertHost } from '../shared/ui/AlertHost';
import { NavigationProgress } from './NavigationProgress';

/** Root element of the route tree. */
export function RootShell() {
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  useEffect(() => {
    setNavigator((to, opts) => void navigate(to, opts));
  }, [navigate]);
  useEffect(() => {
    document.title = t('brand.document_title');
  }, [t, i18n.language]);
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <AlertHost />
    </>
  );
}

/** Shown while the first route loads (locale and auth check). */
export function InitialLoading() {
  const { t } = useTranslation();
  return (
    <p className="loading" role="status">
      {t('common.loading')}
    </p>
  );
}
