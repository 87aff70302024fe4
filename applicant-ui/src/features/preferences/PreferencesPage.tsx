/**
 * /preferences?token=… (issue 30 item 5): the page a marketing e-mail's footer links to, and where the
 * List-Unsubscribe link lands when opened in a browser. No login: the token is the e-mail's own. The page
 * switches to the e-mail's language unless this device chose one before.
 */
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { adoptApplicationLocale } from '../../i18n';
import { useHeadingFocus } from '../../shared/ui/usePageHeadingFocus';
import { PreferencesForm } from './PreferencesForm';

/** Preferences page (default export for lazy loading). */
export default function PreferencesPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const headingRef = useHeadingFocus(null, true);
  return (
    <section className="status-page">
      <h1 ref={headingRef} tabIndex={-1}>
        {t('preferences.title')}
      </h1>
      <PreferencesForm token={params.get('token') ?? ''} onLoaded={(p) => void adoptApplicationLocale(p.locale)} />
    </section>
  );
}
