/**
 * Step 2 "Family" (DESIGN §3): father and mother (deceased flags, mother's maiden name), spouse when
 * marital status is Married, emergency contact. Autosaves; Back saves and returns to step 1; Next
 * validates, saves (raising stepReached) and goes to the next step.
 */
import { useTranslation } from 'react-i18next';
import { CheckboxField, TextField } from '../../../../shared/ui/form-fields';
import { StepShell } from '../../StepShell';
import type { StepProps } from '../step-props';
import { useStepForm } from '../useStepForm';
import { FAMILY_FIELDS, MARRIED, SPOUSE_FIELDS, createFamilySchema } from './family.schema';

/** Step 2 component. */
export function FamilyStep({ record, onNext, onBack: back }: StepProps) {
  const { t } = useTranslation();
  const married = record.maritalStatus === MARRIED;
  const { register, handleSubmit, isSubmitting, autosave, fieldError } = useStepForm({
    record,
    schema: createFamilySchema(married),
    fields: FAMILY_FIELDS,
    exclude: () => (married ? [] : SPOUSE_FIELDS),
  });
  const err = fieldError; // short name keeps the field lines compact

  const onSubmit = handleSubmit(async () => {
    if (await autosave.saveNow({ stepReached: onNext.target })) onNext.go();
  });
  const onBack = async () => {
    if (await autosave.saveNow()) back();
  };

  return (
    <StepShell
      step={2}
      title={t('steps.family')}
      autosave={autosave}
      onSubmit={(e) => void onSubmit(e)}
      onBack={() => void onBack()}
      busy={isSubmitting}
    >
      <fieldset className="fieldset">
        <legend>{t('family.father')}</legend>
        <div className="form-row">
          <TextField label={t('fields.fatherFirstName')} required error={err('fatherFirstName')} {...register('fatherFirstName')} />
          <TextField label={t('fields.fatherLastName')} required error={err('fatherLastName')} {...register('fatherLastName')} />
        </div>
        <TextField label={t('fields.fatherOccupation')} error={err('fatherOccupation')} {...register('fatherOccupation')} />
        <CheckboxField label={t('fields.fatherDeceased')} {...register('fatherDeceased')} />
      </fieldset>
      <fieldset className="fieldset">
        <legend>{t('family.mother')}</legend>
        <div className="form-row">
          <TextField label={t('fields.motherFirstName')} required error={err('motherFirstName')} {...register('motherFirstName')} />
          <TextField label={t('fields.motherLastName')} required error={err('motherLastName')} {...register('motherLastName')} />
        </div>
        <TextField label={t('fields.motherMaidenName')} error={err('motherMaidenName')} {...register('motherMaidenName')} />
        <TextField label={t('fields.motherOccupation')} error={err('motherOccupation')} {...register('motherOccupation')} />
        <CheckboxField label={t('fields.motherDeceased')} {...register('motherDeceased')} />
      </fieldset>
      {married && (
        <fieldset className="fieldset">
          <legend>{t('family.spouse')}</legend>
          <div className="form-row">
            <TextField label={t('fields.SpouseFirstName')} required error={err('SpouseFirstName')} {...register('SpouseFirstName')} />
            <TextField label={t('fields.SpouseLastName')} required error={err('SpouseLastName')} {...register('SpouseLastName')} />
          </div>
          <TextField label={t('fields.SpouseMaidenName')} error={err('SpouseMaidenName')} {...register('SpouseMaidenName')} />
          <TextField label={t('fields.SpouseOccupation')} error={err('SpouseOccupation')} {...register('SpouseOccupation')} />
          <div className="form-row">
            <TextField label={t('fields.SpouseEmail')} type="email" error={err('SpouseEmail')} {...register('SpouseEmail')} />
            <TextField label={t('fields.SpouseCellNumber')} type="tel" error={err('SpouseCellNumber')} {...register('SpouseCellNumber')} />
          </div>
        </fieldset>
      )}
      <fieldset className="fieldset">
        <legend>{t('family.emergency')}</legend>
        <div className="form-row">
          <TextField
            label={t('fields.emergencyContact.name')}
            required
            error={err('emergencyContact.name')}
            {...register('emergencyContact.name')}
          />
          <TextField
            label={t('fields.emergencyContact.relationship')}
            required
            error={err('emergencyContact.relationship')}
            {...register('emergencyContact.relationship')}
          />
        </div>
        <div className="form-row">
          <TextField
            label={t('fields.emergencyContact.phone')}
            type="tel"
            required
            error={err('emergencyContact.phone')}
            {...register('emergencyContact.phone')}
          />
          <TextField
            label={t('fields.emergencyContact.email')}
            type="email"
            error={err('emergencyContact.email')}
            {...register('emergencyContact.email')}
          />
        </div>
      </fieldset>
    </StepShell>
  );
}
