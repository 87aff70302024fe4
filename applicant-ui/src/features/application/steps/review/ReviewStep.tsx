/**
 * Step 7 "Review and certify" (DESIGN §3): every answer grouped by step with "Edit" links; the
 * certification (certifyAllInformation, typed full-name signature matching the applicant's name,
 * date MM/DD/YYYY); submit → POST /api/applications/:id/submit → the payment step. A 422 shows its
 * field errors and the missing answers as links to their steps; a 409 loads the newer record.
 */
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { apiErrorBody, apiErrorStatus } from '../../../../shared/api/errors';
import { CheckboxField, TextField, fieldErrorText } from '../../../../shared/ui/form-fields';
import { StepActions } from '../../../../shared/ui/StepActions';
import { useHeadingFocus } from '../../../../shared/ui/usePageHeadingFocus';
import { applicationPath } from '../../../../app/route-names';
import { submitApplication, type MissingField } from '../../api/application-api';
import type { ApplicationRecord } from '../../api/application-types';
import { useApplication } from '../../ApplicationContext';
import { PAYMENT_STEP } from '../step-config';
import type { StepProps } from '../step-props';
import { DateInput } from '../step-fields';
import { MissingList } from './MissingList';
import { ReviewAnswers } from './ReviewAnswers';
import { buildReview } from './review-model';
import { useCatalogue } from '../../../welcome/programs-api';
import { createCertifySchema, todayUs, type CertifyValues } from './review.schema';
import { formatPersonName } from '../../../../../../contract/format/person-name';

/** The `focus` query a missing-field link carries. */
export function missingFieldHref(token: string, m: MissingField): string {
  return `${applicationPath(m.step, token)}&focus=${encodeURIComponent(m.field)}`;
}

/** Step 7 component. */
export function ReviewStep({ record, dropdowns, requirements, onNavigate, onBack }: StepProps) {
  const { t, i18n } = useTranslation();
  const { token, updateRecord } = useApplication();
  const headingRef = useHeadingFocus(7, true);
  const missingRef = useRef<HTMLDivElement>(null);
  const [missing, setMissing] = useState<MissingField[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const catalogue = useCatalogue(record.gender);
  const groups = useMemo(() => buildReview(record, requirements, dropdowns, t, catalogue), [record, requirements, dropdowns, t, catalogue]);
  const firstName = record.firstName ?? '';
  const lastName = record.lastName ?? '';
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CertifyValues>({
    resolver: zodResolver(createCertifySchema(firstName, lastName)),
    defaultValues: {
      certifyAllInformation: record.certifyAllInformation === true,
      fullNameSignature: typeof record.fullNameSignature === 'string' ? record.fullNameSignature : '',
      dateSignature: typeof record.dateSignature === 'string' ? record.dateSignature : todayUs(),
    },
  });
  const tokenValue = token ?? '';

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setMissing([]);
    try {
      const next = await submitApplication(record.Id, tokenValue, {
        certifyAllInformation: true,
        fullNameSignature: values.fullNameSignature.trim(),
        dateSignature: values.dateSignature.trim(),
        version: record.version,
      });
      updateRecord(next);
      onNavigate(PAYMENT_STEP);
    } catch (error) {
      const body = apiErrorBody(error);
      if (apiErrorStatus(error) === 409 && body?.data && typeof body.data === 'object') {
        updateRecord(body.data as ApplicationRecord);
        setFailure(t('review.changed_elsewhere'));
        return;
      }
      for (const [field, messages] of Object.entries(body?.errors ?? {})) {
        if (field === 'certifyAllInformation' || field === 'fullNameSignature' || field === 'dateSignature') {
          setError(field, { type: 'server', message: messages[0] ?? '' });
        }
      }
      const list = (body?.data as { missing?: MissingField[] } | undefined)?.missing ?? [];
      setMissing(list);
      setFailure(body?.message ?? t('review.submit_failed'));
      if (list.length) requestAnimationFrame(() => missingRef.current?.focus());
    }
  });

  return (
    <form className="form step-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="step-7-title">
      <h2 id="step-7-title" ref={headingRef} tabIndex={-1} className="step-heading">
        {t('steps.review')}
      </h2>
      {/* the heading and this introduction are also StepPreview's (shown while the step loads): keep them alike */}
      <p>{t('review.intro')}</p>
      <ReviewAnswers groups={groups} stepHref={(s) => applicationPath(s, tokenValue)} />
      <fieldset className="fieldset certify">
        <legend>{t('review.certify_legend')}</legend>
        {failure && (
          <p className="form__alert" role="alert">
            {failure}
          </p>
        )}
        <MissingList ref={missingRef} missing={missing} fieldHref={(m) => missingFieldHref(tokenValue, m)} />
        <CheckboxField
          label={t('fields.certifyAllInformation')}
          error={fieldErrorText(t, errors.certifyAllInformation)}
          {...register('certifyAllInformation')}
        />
        <TextField
          label={t('fields.fullNameSignature')}
          hint={t('review.signature_hint', { name: formatPersonName({ firstName, lastName }, i18n.language) })}
          autoComplete="off"
          required
          error={fieldErrorText(t, errors.fullNameSignature)}
          {...register('fullNameSignature')}
        />
        <DateInput
          label={t('fields.dateSignature')}
          required
          error={fieldErrorText(t, errors.dateSignature)}
          {...register('dateSignature')}
        />
      </fieldset>
      <StepActions onBack={onBack} backDisabled={isSubmitting}>
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting ? t('review.submitting') : t('review.submit')}
        </button>
      </StepActions>
    </form>
  );
}
