/**
 * Details step 2 "Finish" (DESIGN §3): a checklist of the required items from the server's one rule
 * (issue 24): the documents the applicant uploads (each missing one linking back to the documents step)
 * and the recommendations her recommenders send (received or awaited, never an upload task); and Submit,
 * which completes the application (`POST /api/applications/:id/complete`; a file already complete answers
 * unchanged) and goes to `/details/thank-you`. A 422 lists the slots the server still misses
 * (`data.missing`). While only recommendations are awaited, the page says the file completes itself.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { apiErrorBody } from '../../shared/api/errors';
import { applicationPath } from '../../app/route-names';
import { StepActions } from '../../shared/ui/StepActions';
import type { ApplicationRecord } from '../application/api/application-types';
import { useApplication } from '../application/ApplicationContext';
import { completeApplication } from './details-api';
import { fileInputId } from './SlotUpload';
import { RECOMMENDATION_LETTER_SLOT, fileStatus } from './file-status';
import type { DetailsData } from './useDetailsData';

/** Path of the details thank-you page. */
export const DETAILS_THANK_YOU_PATH = '/details/thank-you';

/** The slot names in a 422 `data.missing` (strings, or `{field}` / `{slot}` objects). */
export function missingFromError(data: unknown): string[] {
  const list = (data as { missing?: unknown } | null)?.missing;
  if (!Array.isArray(list)) return [];
  return list
    .map((m) => (typeof m === 'string' ? m : ((m as { field?: string; slot?: string })?.field ?? (m as { slot?: string })?.slot ?? '')))
    .filter(Boolean);
}

/** Props of {@link FinishStep}. */
export interface FinishStepProps {
  record: ApplicationRecord;
  token: string;
  data: DetailsData;
  onBack: () => void;
}

/** Step 2 of the details form. */
export function FinishStep({ record, token, data, onBack }: FinishStepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { updateRecord } = useApplication();
  const [submitting, setSubmitting] = useState(false);
  const [serverMissing, setServerMissing] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (data.failed) {
    return (
      <div className="form__alert" role="alert">
        <p>{data.linkClosed ? t('details.use_email_link') : t('details.load_failed')}</p>
        {!data.linkClosed && (
          <button type="button" className="btn btn--ghost" onClick={data.retry}>
            {t('common.retry')}
          </button>
        )}
      </div>
    );
  }
  if (!data.requirements || !data.attachments) {
    return (
      <p className="loading" role="status">
        {t('common.loading')}
      </p>
    );
  }

  const status = fileStatus(data.checklist, data.requirements.attachmentSlots);
  const required = data.requirements.attachmentSlots;
  const letterSlots = new Set<string>(Object.values(RECOMMENDATION_LETTER_SLOT));
  const missing = (serverMissing ?? status.missingUploads).filter((slot) => !letterSlots.has(slot));
  const label = (slot: string) => t(`slots.${slot}`, { defaultValue: slot });
  const completed = record.status === 'complete';
  const waitingForRecommenders = missing.length === 0 && status.awaitingRecommendations > 0;

  const submit = async () => {
    setSubmitting(true);
    setError(null);
    try {
      await completeApplication(record.Id, token);
      updateRecord({ ...record, status: 'complete' });
      void navigate(DETAILS_THANK_YOU_PATH, { state: { name: [record.firstName, record.lastName].filter(Boolean).join(' ') } });
    } catch (e) {
      const body = apiErrorBody(e);
      const list = missingFromError(body?.data);
      if (list.length) setServerMissing(list);
      setError(body?.message ?? t('details.errors.failed'));
      await data.refreshAttachments();
    } finally {
      setSubmitting(false);
    }
  };

  const documentsLink = (slot: string) => `${applicationPath(1, token, 'details')}#${fileInputId(slot)}`;

  return (
    <div className="step-form finish-step">
      <p className="lead">{t('details.finish_intro')}</p>
      <h3>{t('details.checklist')}</h3>
      {required.length === 0 && status.recommendations.length === 0 ? (
        <p>{t('details.nothing_required')}</p>
      ) : (
        <ul className="checklist" data-testid="checklist">
          {required.map((slot) => {
            const done = !missing.includes(slot);
            return (
              <li key={slot} className={done ? 'checklist__item is-done' : 'checklist__item is-missing'}>
                <span aria-hidden="true">{done ? '✓' : '✗'} </span>
                {label(slot)} — {done ? t('details.check_done') : t('details.check_missing')}
                {!done && (
                  <>
                    {' '}
                    <Link to={documentsLink(slot)}>{t('details.upload_now')}</Link>
                  </>
                )}
              </li>
            );
          })}
          {status.recommendations.map((item) => {
            const done = item.state !== 'awaiting';
            return (
              <li key={item.key} className={done ? 'checklist__item is-done' : 'checklist__item is-missing'} data-recommendation={item.key}>
                <span aria-hidden="true">{done ? '✓' : '…'} </span>
                {label(item.slot)} — {t(`details.recommenders.${item.state === 'awaiting' ? 'awaiting' : item.state}`)}
              </li>
            );
          })}
        </ul>
      )}
      {missing.length > 0 && (
        <p className="notice" role="status">
          {t('details.still_missing', { count: missing.length })}
        </p>
      )}
      {waitingForRecommenders && !completed && (
        <p className="notice" role="status" data-testid="waiting-for-recommenders">
          {t('details.recommenders.complete_when_answered')}
        </p>
      )}
      {error && (
        <p className="form__alert" role="alert">
          {error}
        </p>
      )}
      <StepActions onBack={onBack} backDisabled={submitting}>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => void submit()}
          disabled={submitting || missing.length > 0 || (waitingForRecommenders && !completed)}
        >
          {submitting ? t('details.submitting') : t('details.submit')}
        </button>
      </StepActions>
      {completed && <p className="notice notice--success">{t('details.already_complete')}</p>}
    </div>
  );
}
