/**
 * /home (DESIGN §3): admins go to the admin console (/admin/); applicants see a greeting and their
 * applications (GET /api/applications) with status, step reached, payment status and a button for the
 * next action (continue, pay, details, receipt) that asks for a fresh link (POST /api/applications/:id/link)
 * and opens it; an empty state with a link to apply; a notice with "send the link again" while the
 * address is not verified (issue 11); under each application, its recommenders and where each stands
 * (issue 15 item 1), its checklist and, once released, the decision letter (issue 15). (Log out is in the
 * site header.)
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { authStore } from '../../shared/api/auth-store';
import { useHeadingFocus } from '../../shared/ui/usePageHeadingFocus';
import { fetchMyApplications, requestApplicationLink, type MyApplication } from '../application/api/application-api';
import { actionKey, linkPath } from './home-actions';
import { VerifyEmailNotice } from './VerifyEmailNotice';
import { programLabel, semesterLabel, useCatalogue } from '../welcome/programs-api';
import { ApplicationChecklist } from './ApplicationChecklist';
import { formatPersonName } from '../../../../contract/format/person-name';
import { RecommendationStatusList } from '../recommendations/RecommendationStatusList';

/** Dashboard home for applicants. */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  // program and semester labels in the page's language (a program's label is the same for both genders)
  const women = useCatalogue('female');
  const men = useCatalogue('male');
  const programs = [...(women?.programs ?? []), ...(men?.programs ?? [])];
  const semesters = [...(women?.semesters ?? []), ...(men?.semesters ?? [])];
  const navigate = useNavigate();
  const user = useSyncExternalStore(authStore.subscribe, authStore.getUser);
  const headingRef = useHeadingFocus(null, true);
  const [apps, setApps] = useState<MyApplication[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const isAdmin = user?.role === 'admin';
  const [opening, setOpening] = useState<string | null>(null);
  const [openFailed, setOpenFailed] = useState<string | null>(null);

  const open = async (a: MyApplication) => {
    setOpening(a.id);
    setOpenFailed(null);
    try {
      const { url } = await requestApplicationLink(a.id);
      void navigate(linkPath(url, window.location.origin));
    } catch {
      setOpenFailed(a.id);
      setOpening(null);
    }
  };

  useEffect(() => {
    if (isAdmin) window.location.assign('/admin/');
  }, [isAdmin]);

  useEffect(() => {
    if (!user || isAdmin) return;
    let alive = true;
    setFailed(false);
    fetchMyApplications()
      .then((list) => alive && setApps(list))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [user, isAdmin, attempt]);

  return (
    <section>
      <h1 ref={headingRef} tabIndex={-1}>
        {t('home.title')}
      </h1>
      {user && (
        <p>{t('home.greeting', { name: formatPersonName({ firstName: user.first_name, lastName: user.last_name }, i18n.language) })}</p>
      )}
      {user && !isAdmin && user.email_verified === false && <VerifyEmailNotice email={user.email} />}
      {failed && (
        <div className="form__alert" role="alert">
          <p>{t('home.load_failed')}</p>
          <button type="button" className="btn btn--ghost" onClick={() => setAttempt((a) => a + 1)}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {!apps && !failed && (
        <p className="loading" role="status">
          {t('common.loading')}
        </p>
      )}
      {apps && apps.length === 0 && (
        <div className="notice" data-testid="home-empty">
          <p>{t('home.no_applications')}</p>
          <Link className="btn btn--primary" to="/">
            {t('home.apply')}
          </Link>
        </div>
      )}
      {apps && apps.length > 0 && (
        <ul className="app-list" aria-label={t('home.list_label')}>
          {apps.map((a) => {
            const key = actionKey(a);
            return (
              <li key={a.id} className="app-list__item" data-testid="home-application">
                <h2 className="app-list__title">
                  {programLabel(programs, a.fieldOfInterest)} – {semesterLabel(semesters, a.semesterApplied ?? '')}
                </h2>
                <dl className="app-list__facts">
                  <div>
                    <dt>{t('home.status')}</dt>
                    <dd>{t(`home.statuses.${a.status}`, { defaultValue: a.status })}</dd>
                  </div>
                  <div>
                    <dt>{t('home.step_reached')}</dt>
                    <dd>{a.stepReached}</dd>
                  </div>
                  <div>
                    <dt>{t('home.payment')}</dt>
                    <dd>{t(`home.payments.${a.Payment_Status ?? 'Unpaid'}`, { defaultValue: a.Payment_Status ?? '' })}</dd>
                  </div>
                  {a.referenceNumber && (
                    <div>
                      <dt>{t('home.reference')}</dt>
                      <dd>{a.referenceNumber}</dd>
                    </div>
                  )}
                </dl>
                <RecommendationStatusList applicationId={a.id} />
                {key && (
                  <button type="button" className="btn btn--primary" disabled={opening === a.id} onClick={() => void open(a)}>
                    {opening === a.id ? t('common.loading') : t(key)}
                  </button>
                )}
                {openFailed === a.id && (
                  <p className="field__hint" role="alert">
                    {t('home.link_by_email')}
                  </p>
                )}
                <ApplicationChecklist id={a.id} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
