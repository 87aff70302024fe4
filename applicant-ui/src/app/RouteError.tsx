/** Route error element: a translated message and a reload button (e.g. a chunk still missing after one reload). */
import { useTranslation } from 'react-i18next';

/** Error page for routes that failed to load or render. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="centered" id="main">
      <div className="card" role="alert">
        <h1>{t('errors.route_title')}</h1>
        <p>{t('errors.route_text')}</p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </button>
      </div>
    </main>
  );
}
