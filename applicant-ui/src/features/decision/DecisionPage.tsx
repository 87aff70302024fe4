/**
 * /decision?token=…: where a decided application's link lands (issue 15 item 3; ValidationPage forwards
 * here). Checks the token, speaks the application's language, and shows the application's checklist and,
 * once released, the decision letter with its PDF and the reply (issue 29). Bad tokens go to the invalid-token pages.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useHeadingFocus } from '../../shared/ui/usePageHeadingFocus';
import { ApplicationChecklist } from '../home/ApplicationChecklist';
import { useTokenCheck } from '../validation/useTokenCheck';
import { programLabel, semesterLabel, useCatalogue } from '../welcome/programs-api';

/** Decision page. */
export default function DecisionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const headingRef = useHeadingFocus(null, true);
  const [app, setApp] = useState<{ id: string; gender: string; program: string; semester: string; reference: string } | null>(null);
  // program and term by their labels in the page's language, never their keys (issue 27 item 6)
  const catalogue = useCatalogue(app?.gender);

  useTokenCheck(token, ({ data }) =>
    setApp({
      id: String(data.id),
      gender: String(data.gender ?? ''),
      program: String(data.fieldOfInterest ?? ''),
      semester: String(data.semesterApplied ?? ''),
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
          <h2 className="app-list__title">
            {programLabel(catalogue?.programs, app.program)} – {semesterLabel(catalogue?.semesters, app.semester)}
          </h2>
          <p>
            {t('home.reference')}: {app.reference}
          </p>
          <ApplicationChecklist id={app.id} token={token} />
        </div>
      )}
    </section>
  );
}
