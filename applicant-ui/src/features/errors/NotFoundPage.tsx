/** Any unknown path: not-found page. */
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useHeadingFocus } from '../../shared/ui/usePageHeadingFocus';

/** Not-found page. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const ref = useHeadingFocus(null, true);
  return (
    <section className="status-page">
      <h1 ref={ref} tabIndex={-1}>
        {t('not_found.title')}
      </h1>
      <p>{t('not_found.text')}</p>
      <p className="actions">
        <Link className="btn btn--primary" to="/">
          {t('common.back_to_start')}
        </Link>
      </p>
    </section>
  );
}
