/**
 * Root route element: registers the router's navigate for non-React code, keeps the document title
 * translated (a title per page and step, and the meta description: issue 13), renders the progress bar, the routed layout and the global alert host.
 */
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { setNavigator } from '../shared/lib/navigator';
import { AlertHost } from '../shared/ui/AlertHost';
import { NavigationProgress } from './NavigationProgress';
import { followDocumentTitle } from './document-title';

/** Root element of the route tree. */
export function RootShell() {
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  useEffect(() => {
    setNavigator((to, opts) => void navigate(to, opts));
  }, [navigate]);
  useEffect(
    () => followDocumentTitle((page) => (page ? t('brand.page_title', { page }) : t('brand.document_title')), t('brand.meta_description')),
    [t, i18n.language],
  );
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
    <p className="loading loading--initial" role="status">
      {t('common.loading')}
    </p>
  );
}
