import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationRecord } from './api/application-types';
import { PAYMENT_STEP, REVIEW_STEP } from './steps/step-config';

/** Props of {@link StepPreview}. */
export interface StepPreviewProps {
  step: number;
  record: ApplicationRecord;
  /** What the step's own content will replace: the page's "Loading…" status. */
  loading: ReactNode;
}

/**
 * The top of the review and payment steps — their heading and introduction, the same markup and classes
 * `ReviewStep` and `PaymentStep` render first — shown while the step's code and data load, with `loading` below
 * (issue 28: the introduction is the page's largest text, so a phone now paints it with the page's heading
 * instead of after the step's chunks are parsed; nothing moves when the step replaces it). Other steps, and a
 * payment step that will show "already paid" (no introduction), show `loading` alone.
 */
export function StepPreview({ step, record, loading }: StepPreviewProps): ReactNode {
  const { t } = useTranslation();
  const paid = record.Payment_Status === 'Paid' || record.Payment_Status === 'Waived';
  if (step === REVIEW_STEP)
    return (
      <div className="form step-form">
        <h2 className="step-heading">{t('steps.review')}</h2>
        <p>{t('review.intro')}</p>
        {loading}
      </div>
    );
  if (step === PAYMENT_STEP && !paid)
    return (
      <div className="form step-form">
        <h2 className="step-heading">{t('steps.payment')}</h2>
        <p className="lead">{t('payment.intro')}</p>
        {loading}
      </div>
    );
  return loading;
}
