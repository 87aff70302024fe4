/** Step 4 "Employment" (DESIGN §3): currently employed, then employer, job title, start date and full or part time. */
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../../shared/ui/form-fields';
import { StepShell } from '../../StepShell';
import type { StepProps } from '../step-props';
import { DateInput, OptionSelect } from '../step-fields';
import { useStepForm } from '../useStepForm';
import { YES } from '../field-rules';
import { EMPLOYMENT_DETAIL_FIELDS, EMPLOYMENT_FIELDS, employmentSchema, type EmploymentValues } from './employment.schema';

/** Step 4 component. */
export function EmploymentStep({ record, dropdowns, onNext, onBack }: StepProps) {
  const { t } = useTranslation();
  const { form, register, handleSubmit, isSubmitting, autosave, fieldError } = useStepForm<EmploymentValues>({
    record,
    schema: employmentSchema,
    fields: EMPLOYMENT_FIELDS,
    exclude: (): readonly string[] => (form.getValues('currentlyEmployed') === YES ? [] : EMPLOYMENT_DETAIL_FIELDS),
  });
  const err = fieldError;
  const employed = form.watch('currentlyEmployed') === YES;

  const onSubmit = handleSubmit(async () => {
    if (await autosave.saveNow({ stepReached: onNext.target })) onNext.go();
  });

  return (
    <StepShell
      step={4}
      title={t('steps.employment')}
      autosave={autosave}
      onSubmit={(e) => void onSubmit(e)}
      onBack={() => void autosave.saveNow().then((ok) => ok && onBack())}
      busy={isSubmitting}
    >
      <fieldset className="fieldset">
        <legend>{t('employment.legend')}</legend>
        <OptionSelect
          dropdowns={dropdowns}
          list="yesNo"
          label={t('fields.currentlyEmployed')}
          required
          error={err('currentlyEmployed')}
          {...register('currentlyEmployed')}
        />
        {employed && (
          <>
            <div className="form-row">
              <TextField
                label={t('fields.employer')}
                required
                autoComplete="organization"
                error={err('employer')}
                {...register('employer')}
              />
              <TextField
                label={t('fields.jobTitle')}
                required
                autoComplete="organization-title"
                error={err('jobTitle')}
                {...register('jobTitle')}
              />
            </div>
            <div className="form-row">
              <DateInput label={t('fields.employmentDate')} required error={err('employmentDate')} {...register('employmentDate')} />
              <OptionSelect
                dropdowns={dropdowns}
                list="employment"
                label={t('fields.employmentType')}
                required
                error={err('employmentType')}
                {...register('employmentType')}
              />
            </div>
          </>
        )}
      </fieldset>
    </StepShell>
  );
}
