/**
 * Form routes `/application/:step?` and `/details/:step?` with the entry guard of spec §2:
 * - record already loaded (for this token) → show the step;
 * - not loaded and a `token` query → GET /api/token/check, store the record, re-enter the same route
 *   at the step from the param/query (or the record's stepReached);
 * - no `information` state and no token → /invalid-token;
 * - token check failure: code containing TKN-002 → /invalid-application, other codes → /invalid-token.
 * Then: the program's requirements (GET /api/applications/:id/requirements) decide which steps apply
 * (others are skipped), the form session runs (spec §4), each step left is time-logged, and a `focus`
 * query (from the review page's missing-answer links) focuses that field.
 */
import { lazy, startTransition, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { getDropdowns, type Dropdown } from '../../shared/api/dropdowns-api';
import { apiErrorBody, tokenFailureRoute } from '../../shared/api/errors';
import { applicationPath, pathFor } from '../../app/route-names';
import { SessionDialog } from '../session/SessionDialog';
import { useFormSession } from '../session/useFormSession';
import { checkToken, fetchRequirements, type Requirements } from './api/application-api';
import type { ApplicationInformation } from './api/application-types';
import { useApplication } from './ApplicationContext';
import { fallbackRequirements } from './requirements';
import { StepIndicator } from './StepIndicator';
import { StepPreview } from './StepPreview';
import { PAYMENT_STEP, nextStep, previousStep, resolveStep, stepFromValue, stepKey } from './steps/step-config';
import type { StepProps } from './steps/step-props';
import { useStepTimeLog } from './useStepTimeLog';
import { existingAutosaveController } from './autosave/controller-registry';
import { loadDetailsForm, loadPaymentStep, preloadFormModule, STEP_MODULES } from './form-modules';
import { programLabel, semesterLabel, useCatalogue } from '../welcome/programs-api';
import { CatalogueContext, genderQuery } from '../welcome/catalogue-api';
import { focusableControl } from '../../shared/ui/focusable-control';
import { importWithReload } from '../../app/lazy-page';
import { whenIdle } from '../../shared/lib/idle';

type Base = 'application' | 'details';

/** Time-log names of the details form's steps (DESIGN §3: 1 documents, 2 finish). */
const detailsStepKey = (step: number) => (step === 2 ? 'finish' : 'documents');

/** Each step's component, its chunk loaded when the step first opens (a failed chunk reloads the page once). */
const STEP_COMPONENTS: Record<number, ComponentType<StepProps>> = Object.fromEntries(
  Object.entries(STEP_MODULES).map(([n, load]) => [n, lazy(() => importWithReload(load))]),
);
const PaymentStep = lazy(() => importWithReload(loadPaymentStep));
const DetailsForm = lazy(() => importWithReload(loadDetailsForm));

/** Loads the requirements of the loaded application (again when its field of interest changes). */
function useRequirements(
  id: string | null,
  token: string | null,
  fieldOfInterest: unknown,
  program: string | null | undefined,
): Requirements | null {
  const [state, setState] = useState<{ key: string; value: Requirements } | null>(null);
  const key = `${id}|${String(fieldOfInterest)}`;
  useEffect(() => {
    if (!id || !token) return;
    let alive = true;
    // the step's form renders once these arrive: rendered as a transition, in slices the browser can interrupt
    fetchRequirements(id, token)
      .then((value) => alive && startTransition(() => setState({ key, value })))
      .catch(() => alive && startTransition(() => setState({ key, value: fallbackRequirements({ program }) })));
    return () => {
      alive = false;
    };
  }, [id, token, key, program]);
  return state?.value ?? null;
}

/** Application / details form page (default export for lazy loading). */
export default function ApplicationPage() {
  const { t, i18n } = useTranslation();
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
        // the page below renders from this record: a transition, rendered in slices the browser can interrupt
        startTransition(() => setLoaded(answer.data, token));
        const step = base === 'details' ? (requested ?? 1) : resolveStep(requested, answer.data.stepReached);
        const focus = params.get('focus');
        const target = applicationPath(step, token, base) + (focus ? `&focus=${encodeURIComponent(focus)}` : '');
        void navigate(target, { replace: true, state: location.state });
      })
      .catch((error: unknown) => {
        checking.current = null;
        void navigate(pathFor(tokenFailureRoute(apiErrorBody(error)?.code)), { replace: true });
      });
  }, [loaded, token, information, base, requested, navigate, setLoaded, location.state, params]);

  // Dropdown option lists.
  const [dropdowns, setDropdowns] = useState<Dropdown[] | null>(null);
  const [dropdownError, setDropdownError] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!loaded || base !== 'application') return;
    let alive = true;
    setDropdownError(false);
    getDropdowns()
      .then((d) => alive && startTransition(() => setDropdowns(d)))
      .catch(() => alive && setDropdownError(true));
    return () => {
      alive = false;
    };
  }, [loaded, base, attempt, i18n.language]);
  // the heading names the program and semester by their labels in the page's language, not their keys (issue 11)
  const catalogue = useCatalogue(loaded ? record?.gender : null);

  const effectiveToken = token ?? loadedToken ?? '';
  const requirements = useRequirements(
    loaded ? (record?.Id ?? null) : null,
    loaded ? effectiveToken : null,
    record?.fieldOfInterest,
    record?.program,
  );
  const steps = requirements?.steps ?? [];
  const step = record ? resolveStep(requested, record.stepReached, requirements?.steps) : 1;

  // Session (spec §4) and time log (one record per step left).
  const session = useFormSession(base, loaded ? (record?.Id ?? null) : null, effectiveToken || null);
  useStepTimeLog(
    loaded ? effectiveToken : null,
    loaded && requirements ? (base === 'details' ? detailsStepKey(requested ?? 1) : stepKey(step)) : null,
  );
  const touch = session.touch;
  useEffect(() => {
    if (loaded) touch();
  }, [loaded, step, touch]);

  // Keep the URL on a valid step (e.g. /application?token=… → /application/<stepReached>?token=…).
  useEffect(() => {
    if (!loaded || base !== 'application' || !record || !requirements) return;
    if (stepFromValue(stepParam) !== step) {
      void navigate(applicationPath(step, effectiveToken), { replace: true, state: location.state });
    }
  }, [loaded, base, record, requirements, stepParam, step, effectiveToken, navigate, location.state]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [step]);

  // Focus a field named by the `focus` query (missing-answer links of the review page).
  const focus = params.get('focus');
  const ready = Boolean(loaded && dropdowns && requirements);
  useEffect(() => {
    if (!ready || !focus) return;
    const timer = window.setTimeout(() => {
      const named = document.querySelector<HTMLElement>(`[name="${CSS.escape(focus)}"]`);
      const el = named && focusableControl(named);
      if (el) {
        el.scrollIntoView({ block: 'center' });
        el.focus();
      }
    }, 150);
    return () => window.clearTimeout(timer);
  }, [ready, focus, step]);

  // once the step shows, the steps Back and Next lead to are fetched while the applicant reads (issue 28)
  const nextAndBack = ready && base === 'application' ? [nextStep(step, steps), previousStep(step, steps)] : [];
  const neighbours = nextAndBack.filter((n): n is number => n !== null && n !== step).join(',');
  useEffect(() => {
    if (!neighbours) return;
    return whenIdle(() => neighbours.split(',').forEach((n) => preloadFormModule(Number(n))), 5000);
  }, [neighbours]);

  const loading = (
    <p className="loading" role="status">
      {t('common.loading')}
    </p>
  );
  if (!loaded || !record) return loading;

  // the steps below read the catalogue loaded here rather than requesting it again
  const gender = genderQuery(record.gender);
  const withCatalogue = (children: ReactNode) =>
    gender ? <CatalogueContext.Provider value={{ gender, catalogue }}>{children}</CatalogueContext.Provider> : children;

  if (base === 'details') {
    return withCatalogue(
      <>
        <Suspense fallback={loading}>
          <DetailsForm record={record} token={effectiveToken} requested={requested} />
        </Suspense>
        <SessionDialog session={session} />
      </>,
    );
  }

  // Step links, Back and Next: everything valid is saved first; an answer that cannot be saved keeps
  // the applicant on this step, focused on it (issue 10). A step with answers has loaded the autosave.
  const goTo = (n: number) => {
    void (async () => {
      const controller = existingAutosaveController(record.Id);
      if (controller) {
        const { unsavedOnStep, focusFirstUnsaved } = await import('./autosave/leave-step');
        const left = await unsavedOnStep(controller, step);
        if (left.length && n !== step) {
          focusFirstUnsaved(left);
          return;
        }
      }
      await navigate(applicationPath(n, effectiveToken));
    })();
  };
  const reached = Math.max(1, stepFromValue(record.stepReached) ?? 1);
  const next = nextStep(step, steps) ?? step;
  const Step = STEP_COMPONENTS[step];
  // until the step's code and data are here: its heading and introduction where it has them, then "Loading…"
  const waiting = <StepPreview step={step} record={record} loading={loading} />;

  return withCatalogue(
    <section className="application">
      <h1>{t('application.title')}</h1>
      <p className="lead">
        {t('application.for_program', {
          program: programLabel(catalogue?.programs, record.fieldOfInterest ?? ''),
          semester: semesterLabel(catalogue?.semesters, record.semesterApplied ?? ''),
        })}
      </p>
      {requirements && <StepIndicator steps={steps} current={step} reached={reached} onGo={goTo} />}
      {dropdownError && (
        <div className="form__alert" role="alert">
          <p>{t('application.dropdowns_failed')}</p>
          <button type="button" className="btn btn--ghost" onClick={() => setAttempt((a) => a + 1)}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {(!dropdowns || !requirements) && !dropdownError && waiting}
      {dropdowns && requirements && Step && (
        <Suspense fallback={waiting}>
          <Step
            key={`step-${step}`}
            record={record}
            dropdowns={dropdowns}
            requirements={requirements}
            onNavigate={goTo}
            onNext={{ target: next, go: () => goTo(next) }}
            onBack={() => goTo(previousStep(step, steps) ?? 1)}
          />
        </Suspense>
      )}
      {dropdowns && requirements && step === PAYMENT_STEP && (
        <Suspense fallback={waiting}>
          <PaymentStep
            key={`step-${step}`}
            record={record}
            token={effectiveToken}
            dropdowns={dropdowns}
            onBack={() => goTo(previousStep(step, steps) ?? 1)}
          />
        </Suspense>
      )}
      <SessionDialog session={session} />
    </section>,
  );
}
