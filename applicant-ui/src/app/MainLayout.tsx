/**
 * Main layout (spec §2): nav bar with logo → main site and the language switcher, the maintenance
 * banner (while a window is scheduled or in progress; its state from {@link MaintenanceProvider}, which the
 * step forms read to turn read-only), the advisory banner (lines from GET /api/advisory), the
 * routed content, the tagline band and a sticky footer with the disclaimer and a back-to-top button
 * (smooth 700 ms scroll).
 */
import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../shared/api/useConfig';
import { MaintenanceBanner } from '../features/maintenance/MaintenanceBanner';
import { MaintenanceProvider } from '../features/maintenance/MaintenanceProvider';
import { AdvisoryBanner } from '../features/advisory/AdvisoryBanner';
import { scrollToTop } from '../shared/lib/motion';
import { SiteHeader } from './SiteHeader';

/** Main layout for the welcome and application pages. */
export function MainLayout() {
  const { t } = useTranslation();
  const config = useConfig();
  return (
    <MaintenanceProvider intervalMs={config.maintenanceCheckIntervalMs || 80_000}>
      <div className="layout layout--main">
        <SiteHeader logoHref={config.mainSiteUrl} />
        <MaintenanceBanner />
        <AdvisoryBanner />
        <main id="main" className="layout__content" tabIndex={-1}>
          <Outlet />
        </main>
        <section className="tagline" aria-label={t('tagline.label')}>
          <p>{t('tagline.text')}</p>
        </section>
        <footer className="footer">
          <p className="footer__disclaimer">{t('footer.disclaimer')}</p>
          <button type="button" className="btn btn--ghost footer__top" onClick={() => void scrollToTop()}>
            {t('footer.back_to_top')}
          </button>
        </footer>
      </div>
    </MaintenanceProvider>
  );
}
