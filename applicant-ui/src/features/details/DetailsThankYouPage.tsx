/** `/details/thank-you` (spec §2): the application is complete; what happens next. */
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useHeadingFocus } from '../../shared/ui/usePageHeadingFocus';

/** Details thank-you page (default export for lazy loading). */
export default function DetailsThankYouPage() {
  const { t } = useTranslation();
  const ref = useHeadingFocus(null, true);
  return (
    <section className="status-page thank-you">
      <h1 ref={ref} tabIndex={-1}>
        {t('details_thank_you.title')}
      </h1>
      <p className="lead">{t('details_thank_you.text')}</p>
      <p>{t('details_thank_you.next')}</p>
      <p className="actions">
        <Link className="btn btn--primary" to="/">
          {t('common.back_to_start')}
        </Link>
      </p>
    </section>
  );
}
