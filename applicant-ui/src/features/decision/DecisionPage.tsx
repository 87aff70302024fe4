/**
 * /decision?token=…: where a decided application's link lands (issue 15 item 3; ValidationPage forwards
 * here). Checks the token, speaks the application's language, and shows the application's checklist and,
 * once released, the decision letter with its PDF. Bad tokens go to the invalid-token pages.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { adoptApplicationLocale } from '../../i18n';
import { apiErrorBody, tokenFailureRoute } from '../../shared/api/errors';
import { useHeadingFocus } from '../../shared/ui/usePageHeadingFocus';
import { pathFor } from '../../app/route-names';
import { checkToken } from '../application/api/application-api';
import { ApplicationChecklist } from '../home/ApplicationChecklist';

/** Decision page. */
export default function DecisionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const headingRef = useHeadingFocus(null, true);
  const [app, setApp] = useState<{ id: string; title: string; reference: string } | null>(null);

  useEffect(() => {
    if (!token) {
      void navigate(pathFor('invalid-token'), { replace: true });
      return;
    }
    checkToken(token)
      .then(async (answer) => {
        await adoptApplicationLocale(answer.data.locale).catch(() => undefined);
        const d = answer.data;
        setApp({
          id: String(d.id),
          title: `${String(d.fieldOfInterest)} – ${String(d.semesterApplied ?? '')}`,
          reference: String(d.referenceNumber),
        });
      })
      .catch((error: unknown) => void navigate(pathFor(tokenFailureRoute(apiErrorBody(error)?.code)), { replace: true }));
  }, [token, navigate]);

  return (
    <section>
      <h1 ref={headingRef} tabIndex={-1}>
        {t('checklist.page_title')}
      </h1>
      {!app && (
        <p className="loading" role="status">
          {t('common.loading')}
        </p>
      )}
      {app && (
        <div className="app-list__item">
          <h2 className="app-list__title">{app.title}</h2>
          <p>
            {t('home.reference')}: {app.reference}
          </p>
          <ApplicationChecklist id={app.id} token={token} />
        </div>
      )}
    </section>
  );
}
