/** /invalid-application: the token is valid but the application can no longer be opened (TKN-002). */
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useHeadingFocus } from '../../shared/ui/usePageHeadingFocus';

/** Invalid-application page. */
export default function InvalidApplicationPage() {
  const { t } = useTranslation();
  const ref = useHeadingFocus(null, true);
  return (
    <section className="status-page">
      <h1 ref={ref} tabIndex={-1}>
        {t('invalid_application.title')}
      </h1>
      <p>{t('invalid_application.text')}</p>
      <p className="actions">
        <Link className="btn btn--primary" to="/">
          {t('common.back_to_start')}
        </Link>
      </p>
    </section>
  );
}
