/** /invalid-token: the link is wrong, missing or expired (TKN-001, TKN-003). */
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useHeadingFocus } from '../../shared/ui/usePageHeadingFocus';

/** Invalid-token page. */
export default function InvalidTokenPage() {
  const { t } = useTranslation();
  const ref = useHeadingFocus(null, true);
  return (
    <section className="status-page">
      <h1 ref={ref} tabIndex={-1}>
        {t('invalid_token.title')}
      </h1>
      <p>{t('invalid_token.text')}</p>
      <p>{t('invalid_token.continue_hint')}</p>
      <p className="actions">
        <a className="btn btn--primary" href="/continue">
          {t('invalid_token.continue_link')}
        </a>
        <Link className="btn btn--ghost" to="/">
          {t('common.back_to_start')}
        </Link>
      </p>
    </section>
  );
}
