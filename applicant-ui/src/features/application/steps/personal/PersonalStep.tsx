/**
 * Step 1 "Personal" (DESIGN §3): name, e-mail, date of birth (MM/DD/YYYY), gender (fixed), field of
 * interest and semester (shown), address state and zip, marital status, contact name, cell phone,
 * how heard. Autosaves; Next validates, saves with stepReached 2 and goes to step 2.
 */
import { useTranslation } from 'react-i18next';
import { optionsFor, type Dropdown } from '../../../../shared/api/dropdowns-api';
import { ReadOnlyField, SelectField, TextField } from '../../../../shared/ui/form-fields';
import type { ApplicationRecord } from '../../api/application-types';
import { StepShell } from '../../StepShell';
import { useStepForm } from '../useStepForm';
import { PERSONAL_FIELDS, personalDraftSchema, personalFromRecord, personalSchema } from './personal.schema';

/** Props of the form steps. */
export interface StepProps {
  record: ApplicationRecord;
  dropdowns: Dropdown[];
  /** Go to another step (after saving). */
  onNavigate: (step: number) => void;
}

/** Step 1 component. */
export function PersonalStep({ record, dropdowns, onNavigate }: StepProps) {
  const { t } = useTranslation();
  const { register, handleSubmit, isSubmitting, autosave, fieldError } = useStepForm({
    record,
    schema: personalSchema,
    fromRecord: personalFromRecord,
    fields: PERSONAL_FIELDS,
    draftSchema: personalDraftSchema,
  });
  const err = fieldError; // short name keeps the field lines compact
  const placeholder = t('common.select_placeholder');

  const onSubmit = handleSubmit(async () => {
    if (await autosave.saveNow({ stepReached: 2, force: true })) onNavigate(2);
  });

  return (
    <StepShell step={1} title={t('steps.personal')} autosave={autosave} onSubmit={(e) => void onSubmit(e)} busy={isSubmitting}>
      <fieldset className="fieldset">
        <legend>{t('personal.program_legend')}</legend>
        <div className="form-row">
          <ReadOnlyField
            label={t('fields.gender')}
            value={record.gender ? t(`gender.${record.gender.toLowerCase()}`, { defaultValue: record.gender }) : '—'}
          />
          <ReadOnlyField label={t('fields.fieldOfInterest')} value={record.fieldOfInterest ?? '—'} />
          <ReadOnlyField label={t('fields.semesterApplied')} value={record.semesterApplied ?? '—'} />
          {record.location && <ReadOnlyField label={t('fields.location')} value={record.location} />}
        </div>
      </fieldset>
      <fieldset className="fieldset">
        <legend>{t('personal.about_you')}</legend>
        <div className="form-row">
          <TextField label={t('fields.firstName')} autoComplete="given-name" required error={err('firstName')} {...register('firstName')} />
          <TextField label={t('fields.lastName')} autoComplete="family-name" required error={err('lastName')} {...register('lastName')} />
        </div>
        <TextField label={t('fields.email')} type="email" autoComplete="email" required error={err('email')} {...register('email')} />
        <TextField
          label={t('fields.dateOfBirth')}
          hint={t('fields.date_hint')}
          inputMode="numeric"
          autoComplete="bday"
          placeholder={t('fields.date_placeholder')}
          maxLength={10}
          required
          error={err('dateOfBirth')}
          {...register('dateOfBirth')}
        />
        <SelectField
          label={t('fields.maritalStatus')}
          placeholder={placeholder}
          options={optionsFor(dropdowns, 'maritalStatus')}
          required
          error={err('maritalStatus')}
          {...register('maritalStatus')}
        />
      </fieldset>
      <fieldset className="fieldset">
        <legend>{t('personal.contact')}</legend>
        <div className="form-row">
          <SelectField
            label={t('fields.addressState')}
            placeholder={placeholder}
            options={optionsFor(dropdowns, 'states')}
            autoComplete="address-level1"
            required
            error={err('addressState')}
            {...register('addressState')}
          />
          <TextField
            label={t('fields.addressZip')}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={10}
            required
            error={err('addressZip')}
            {...register('addressZip')}
          />
        </div>
        <TextField
          label={t('fields.cellPhone')}
          type="tel"
          autoComplete="tel"
          required
          error={err('cellPhone')}
          {...register('cellPhone')}
        />
        <TextField
          label={t('fields.contactName')}
          hint={t('fields.contactName_hint')}
          error={err('contactName')}
          {...register('contactName')}
        />
        <SelectField
          label={t('fields.howHeard')}
          placeholder={placeholder}
          options={optionsFor(dropdowns, 'howHeard')}
          error={err('howHeard')}
          {...register('howHeard')}
        />
      </fieldset>
    </StepShell>
  );
}
