/**
 * The further-details form (`/details/:step?token=…`, DESIGN §3, cross-team contract 5), shown by the
 * form route once its entry guard has loaded the record: 1 Documents, 2 Finish. The step comes from
 * the route (1 when absent or out of range).
 */
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useHeadingFocus } from '../../shared/ui/usePageHeadingFocus';
import { applicationPath } from '../../app/route-names';
import type { ApplicationRecord } from '../application/api/application-types';
import { DocumentsStep } from './DocumentsStep';
import { FinishStep } from './FinishStep';
import { useDetailsData } from './useDetailsData';
import { programLabel, semesterLabel, useCatalogue } from '../welcome/programs-api';

/** The details steps in order; `key` names the label `details.steps.<key>`. */
export const DETAILS_STEPS = [
  { number: 1, key: 'documents' },
  { number: 2, key: 'finish' },
] as const;

/** The details step to show for a requested one: 1 or 2 (anything else → 1). */
export function detailsStep(requested: number | null): 1 | 2 {
  return requested === 2 ? 2 : 1;
}

/** Props of {@link DetailsForm}. */
export interface DetailsFormProps {
  record: ApplicationRecord;
  token: string;
  requested: number | null;
}

/** Details form with its own step indicator. */
export function DetailsForm({ record, token, requested }: DetailsFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const step = detailsStep(requested);
  const data = useDetailsData(record.Id, token);
  // program and term by their labels in the page's language, never their keys (issue 27 item 6)
  const catalogue = useCatalogue(record.gender);
  const headingRef = useHeadingFocus(step, true);
  const goTo = (n: number) => void navigate(applicationPath(n, token, 'details'));
  const current = DETAILS_STEPS.find((s) => s.number === step)!;

  return (
    <section className="application details-form">
      <h1>{t('details.title')}</h1>
      <p className="lead">
        {t('application.for_program', {
          program: programLabel(catalogue?.programs, record.fieldOfInterest ?? ''),
          semester: semesterLabel(catalogue?.semesters, record.semesterApplied ?? ''),
        })}
      </p>
      <nav aria-label={t('details.steps.label')} className="step-indicator">
        <ol>
          {DETAILS_STEPS.map((s) => {
            const label = t('steps.item', { number: s.number, name: t(`details.steps.${s.key}`) });
            return (
              <li key={s.number} className={`step-indicator__item is-${s.number === step ? 'current' : 'reached'}`}>
                {s.number === step ? (
                  <span aria-current="step">{label}</span>
                ) : (
                  <button type="button" className="btn btn--link" onClick={() => goTo(s.number)}>
                    {label}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      {record.status === 'draft' && (
        <div className="notice" role="note">
          <p>{t('details.not_submitted')}</p>
          <a href={applicationPath(Math.max(1, Number(record.stepReached) || 1), token)}>{t('details.back_to_application')}</a>
        </div>
      )}
      <h2 ref={headingRef} tabIndex={-1} className="step-heading">
        {t(`details.steps.${current.key}`)}
      </h2>
      {step === 1 ? (
        <DocumentsStep record={record} token={token} data={data} onNext={() => goTo(2)} />
      ) : (
        <FinishStep record={record} token={token} data={data} onBack={() => goTo(1)} />
      )}
    </section>
  );
}
