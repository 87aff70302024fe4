/**
 * Form routes `/application/:step?` and `/details/:step?` with the entry guard of spec §2:
 * - record already loaded (for this token) → show the step;
 * - not loaded and a `token` query → GET /api/token/check, store the record, re-enter the same route
 *   at the step from the param/query (or the record's stepReached);
 * - no `information` state and no token → /invalid-token;
 * - token check failure: code containing TKN-002 → /invalid-application, other codes → /invalid-token.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { getDropdowns, type Dropdown } from '../../shared/api/dropdowns-api';
import { apiErrorBody, tokenFailureRoute } from '../../shared/api/errors';
import { applicationPath, pathFor } from '../../app/route-names';
import { checkToken } from './api/application-api';
import type { ApplicationInformation } from './api/application-types';
import { useApplication } from './ApplicationContext';
import { StepIndicator } from './StepIndicator';
import { FamilyStep } from './steps/family/FamilyStep';
import { PersonalStep } from './steps/personal/PersonalStep';
import { resolveStep, stepFromValue } from './steps/step-config';
import { PaymentStep } from '../payment/PaymentStep';
import { DetailsForm } from '../details/DetailsForm';

type Base = 'application' | 'details';

/** Application / details form page (default export for lazy loading). */
export default function ApplicationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { step: stepParam } = useParams();
  const [params] = useSearchParams();
  const { record, token: loadedToken, setLoaded } = useApplication();
  const base: Base = location.pathname.startsWith('/details') ? 'details' : 'application';
  const token = params.get('token');
  const information = (location.state as { information?: ApplicationInformation } | null)?.information;
  const requested = stepFromValue(stepParam) ?? stepFromValue(params.get('step'));
  const loaded = Boolean(record && loadedToken && (!token || token === loadedToken));
  const checking = useRef<string | null>(null);

  // Entry guard.
  useEffect(() => {
    if (loaded) return;
    if (!token) {
      void navigate(pathFor('invalid-token'), { replace: true });
      return;
    }
    if (checking.current === token) return;
    checking.current = token;
    checkToken(token)
      .then((answer) => {
        setLoaded(answer.data, token);
        const step = base === 'details' ? (requested ?? 1) : resolveStep(requested, answer.data.stepReached);
        void navigate(applicationPath(step, token, base), { replace: true, state: location.state });
      })
      .catch((error: unknown) => {
        checking.current = null;
        void navigate(pathFor(tokenFailureRoute(apiErrorBody(error)?.code)), { replace: true });
      });
  }, [loaded, token, information, base, requested, navigate, setLoaded, location.state]);

  // Dropdown option lists.
  const [dropdowns, setDropdowns] = useState<Dropdown[] | null>(null);
  const [dropdownError, setDropdownError] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!loaded || base !== 'application') return;
    let alive = true;
    setDropdownError(false);
    getDropdowns()
      .then((d) => alive && setDropdowns(d))
      .catch(() => alive && setDropdownError(true));
    return () => {
      alive = false;
    };
  }, [loaded, base, attempt]);

  const effectiveToken = token ?? loadedToken ?? '';
  const step = record ? resolveStep(requested, record.stepReached) : 1;

  // Keep the URL on a valid step (e.g. /application?token=… → /application/<stepReached>?token=…).
  useEffect(() => {
    if (!loaded || base !== 'application' || !record) return;
    if (stepFromValue(stepParam) !== step) {
      void navigate(applicationPath(step, effectiveToken), { replace: true, state: location.state });
    }
  }, [loaded, base, record, stepParam, step, effectiveToken, navigate, location.state]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [step]);

  if (!loaded || !record) {
    return (
      <p className="loading" role="status">
        {t('common.loading')}
      </p>
    );
  }

  if (base === 'details') {
    return <DetailsForm record={record} token={effectiveToken} requested={requested} />;
  }

  const goTo = (n: number) => void navigate(applicationPath(n, effectiveToken));
  const reached = Math.max(1, stepFromValue(record.stepReached) ?? 1);

  return (
    <section className="application">
      <h1>{t('application.title')}</h1>
      <p className="lead">
        {t('application.for_program', { program: record.fieldOfInterest ?? '', semester: record.semesterApplied ?? '' })}
      </p>
      <StepIndicator current={step} reached={reached} onGo={goTo} />
      {dropdownError && (
        <div className="form__alert" role="alert">
          <p>{t('application.dropdowns_failed')}</p>
          <button type="button" className="btn btn--ghost" onClick={() => setAttempt((a) => a + 1)}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {!dropdowns && !dropdownError && (
        <p className="loading" role="status">
          {t('common.loading')}
        </p>
      )}
      {dropdowns && step === 1 && <PersonalStep key="step-1" record={record} dropdowns={dropdowns} onNavigate={goTo} />}
      {dropdowns && step === 2 && <FamilyStep key="step-2" record={record} dropdowns={dropdowns} onNavigate={goTo} />}
      {dropdowns && step === 8 && (
        <PaymentStep key="step-8" record={record} token={effectiveToken} dropdowns={dropdowns} onNavigate={goTo} />
      )}
    </section>
  );
}
