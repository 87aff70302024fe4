/**
 * Step 1 "Personal" (DESIGN §3): name, e-mail, date of birth (MM/DD/YYYY), gender (fixed), field of
 * interest, semester and location (changeable among those offered to the applicant's gender), country
 * with the address it asks (US: state and ZIP; elsewhere: region and postal code, issue 11 item 2), marital status, contact name, cell phone, how heard. Autosaves (the program choice
 * only once field, semester and location fit together); Next validates, saves and goes on.
 * The semesters are the program's offerings open now (issue 25), labels from the API; the draft's saved
 * semester stays listed (marked closed, with a notice) once its window has closed, so the applicant sees it
 * and may move to an open one keeping every answer. A save the server refuses (the term closed meanwhile)
 * shows the server's message on the semester field.
 */
import { useTranslation } from 'react-i18next';
import { optionsFor } from '../../../../shared/api/dropdowns-api';
import { DateInput } from '../../../../shared/ui/DateInput';
import { ReadOnlyField, SelectField, TextField } from '../../../../shared/ui/form-fields';
import { isOpenNow, locationLabel, semesterChoices, semesterLabel, useCatalogue, type SemesterChoice } from '../../../welcome/programs-api';
import { StepShell } from '../../StepShell';
import type { StepProps } from '../step-props';
import { useStepForm } from '../useStepForm';
import { PersonNameFields } from '../../../../shared/ui/NameFields';
import { countryOrDefault, isUs, postalCodeAsked, postalCodeFits } from './address-rules';
import { PERSONAL_FIELDS, PROGRAM_CHOICE_FIELDS, personalSchema, type PersonalValues } from './personal.schema';

export type { StepProps } from '../step-props';

/** Step 1 component. */
export function PersonalStep({ record, dropdowns, requirements, onNext }: StepProps) {
  const { t } = useTranslation();
  const catalogue = useCatalogue(record.gender);
  // the choice the server holds: listed even when not open now (a draft whose window closed keeps its term)
  const saved = { program: record.fieldOfInterest ?? '', semester: record.semesterApplied ?? '', location: record.location ?? null };
  const choicesFor = (programName: string): SemesterChoice[] => {
    const program = catalogue?.programs.find((p) => p.name === programName);
    const keep =
      programName === saved.program && saved.semester
        ? {
            semester: saved.semester,
            location: saved.location,
            label: semesterLabel(catalogue?.semesters, saved.semester, catalogue?.programs),
          }
        : null;
    return semesterChoices(program, keep);
  };
  const choiceComplete = (v: PersonalValues): boolean => {
    if (!catalogue) return false;
    const course = choicesFor(v.fieldOfInterest).find((c) => c.semester === v.semesterApplied);
    return Boolean(course && (course.locations.length === 0 ? !v.location : course.locations.includes(v.location)));
  };
  const { form, register, handleSubmit, isSubmitting, autosave, fieldError } = useStepForm<PersonalValues>({
    record,
    schema: personalSchema,
    fields: PERSONAL_FIELDS,
    exclude: (): readonly string[] => (choiceComplete(form.getValues() as PersonalValues) ? [] : PROGRAM_CHOICE_FIELDS),
  });
  const err = fieldError; // short name keeps the field lines compact
  const mailingRequired = requirements.requiredFields.includes('addressLine1');
  const placeholder = t('common.select_placeholder');
  const fieldOfInterest = form.watch('fieldOfInterest');
  const semester = form.watch('semesterApplied');
  const choices = choicesFor(fieldOfInterest);
  const chosen = choices.find((c) => c.semester === semester);
  const locations = chosen?.locations ?? [];
  // the programs open now, and the saved one whatever its state (by its key when the catalogue lacks it)
  const programOptions = (catalogue?.programs ?? [])
    .filter((p) => isOpenNow(p) || p.name === saved.program)
    .map((p) => ({ value: p.name, label: p.label }));
  if (saved.program && !programOptions.some((o) => o.value === saved.program))
    programOptions.push({ value: saved.program, label: saved.program });
  const country = countryOrDefault(form.watch('addressCountry'));
  const us = isUs(country);
  /** After a country change: clear the answers the new country does not ask or that do not fit it. */
  const fitAddressToCountry = () => {
    const v = form.getValues();
    if (isUs(v.addressCountry)) form.setValue('addressRegion', '');
    else form.setValue('addressState', '');
    if (v.addressZip && !postalCodeFits(v.addressCountry, v.addressZip)) form.setValue('addressZip', '');
  };

  const onSubmit = handleSubmit(async (values) => {
    if (catalogue && !choiceComplete(values)) {
      const field = !choices.some((c) => c.semester === values.semesterApplied) ? 'semesterApplied' : 'location';
      form.setError(field, { type: 'validate', message: 'validation.choose' }, { shouldFocus: true });
      return;
    }
    if (await autosave.saveNow({ stepReached: onNext.target })) onNext.go();
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
        </div>
        {catalogue ? (
          <>
            <SelectField
              label={t('fields.fieldOfInterest')}
              placeholder={placeholder}
              options={programOptions}
              required
              error={err('fieldOfInterest')}
              {...register('fieldOfInterest', {
                onChange: () => {
                  form.setValue('semesterApplied', '');
                  form.setValue('location', '');
                },
              })}
            />
            <div className="form-row">
              <SelectField
                label={t('fields.semesterApplied')}
                placeholder={placeholder}
                options={choices.map((c) => ({
                  value: c.semester,
                  label: c.open ? c.label : t('personal.semester_closed_option', { semester: c.label }),
                }))}
                required
                hint={chosen && !chosen.open ? t('personal.semester_closed', { semester: chosen.label }) : undefined}
                error={err('semesterApplied')}
                {...register('semesterApplied', { onChange: () => form.setValue('location', '') })}
              />
              {locations.length > 0 && (
                <SelectField
                  label={t('fields.location')}
                  placeholder={placeholder}
                  options={locations.map((l) => ({ value: l, label: locationLabel(t, l) }))}
                  required
                  error={err('location')}
                  {...register('location')}
                />
              )}
            </div>
            <p className="field__hint">{t('personal.program_change_hint')}</p>
          </>
        ) : (
          <div className="form-row">
            <ReadOnlyField label={t('fields.fieldOfInterest')} value={record.fieldOfInterest ?? '—'} />
            <ReadOnlyField label={t('fields.semesterApplied')} value={record.semesterApplied ?? '—'} />
            {record.location && <ReadOnlyField label={t('fields.location')} value={locationLabel(t, record.location)} />}
          </div>
        )}
      </fieldset>
      <fieldset className="fieldset">
        <legend>{t('personal.about_you')}</legend>
        <div className="form-row">
          <PersonNameFields
            labels={{ given: t('fields.firstName'), family: t('fields.lastName') }}
            errors={{ given: err('firstName'), family: err('lastName') }}
            given={register('firstName')}
            family={register('lastName')}
          />
        </div>
        <TextField label={t('fields.email')} type="email" autoComplete="email" required error={err('email')} {...register('email')} />
        <DateInput label={t('fields.dateOfBirth')} autoComplete="bday" required error={err('dateOfBirth')} {...register('dateOfBirth')} />
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
        <SelectField
          label={t('fields.addressCountry')}
          placeholder={placeholder}
          options={optionsFor(dropdowns, 'countries')}
          autoComplete="country-name"
          required
          error={err('addressCountry')}
          {...register('addressCountry', { onChange: () => fitAddressToCountry() })}
        />
        {/* a full mailing address (issue 27 item 4): required where the office mails letters */}
        <TextField
          label={t('fields.addressLine1')}
          autoComplete="address-line1"
          maxLength={200}
          required={mailingRequired}
          error={err('addressLine1')}
          {...register('addressLine1')}
        />
        <TextField
          label={t('fields.addressLine2')}
          autoComplete="address-line2"
          maxLength={200}
          error={err('addressLine2')}
          {...register('addressLine2')}
        />
        <TextField
          label={t('fields.addressCity')}
          autoComplete="address-level2"
          maxLength={100}
          required={mailingRequired}
          error={err('addressCity')}
          {...register('addressCity')}
        />
        <div className="form-row">
          {us ? (
            <SelectField
              label={t('fields.addressState')}
              placeholder={placeholder}
              options={optionsFor(dropdowns, 'states')}
              autoComplete="address-level1"
              required
              error={err('addressState')}
              {...register('addressState')}
            />
          ) : (
            <TextField
              label={t('fields.addressRegion')}
              autoComplete="address-level1"
              maxLength={100}
              error={err('addressRegion')}
              {...register('addressRegion')}
            />
          )}
          {(us || postalCodeAsked(country)) && (
            <TextField
              label={t(us ? 'fields.addressZip' : 'fields.postalCode')}
              inputMode={us ? 'numeric' : 'text'}
              autoComplete="postal-code"
              maxLength={us ? 10 : 20}
              required
              error={err('addressZip')}
              {...register('addressZip')}
            />
          )}
        </div>
        <TextField
          label={t('fields.cellPhone')}
          hint={t('fields.cellPhone_hint')}
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
