/**
 * /decision?token=…: where a decided application's link lands (issue 15 item 3; ValidationPage forwards
 * here). Checks the token, speaks the application's language, and shows the application's checklist and,
 * once released, the decision letter with its PDF. Bad tokens go to the invalid-token pages.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useHeadingFocus } from '../../shared/ui/usePageHeadingFocus';
import { ApplicationChecklist } from '../home/ApplicationChecklist';
import { useTokenCheck } from '../validation/useTokenCheck';

/** Decision page. */
export default function DecisionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const headingRef = useHeadingFocus(null, true);
  const [app, setApp] = useState<{ id: string; title: string; reference: string } | null>(null);

  useTokenCheck(token, ({ data }) =>
    setApp({
      id: String(data.id),
      title: `${String(data.fieldOfInterest)} – ${String(data.semesterApplied ?? '')}`,
      reference: String(data.referenceNumber),
    }),
  );

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
