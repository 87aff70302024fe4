/**
 * Step 3 "Education" (DESIGN §3): the sections the program's requirements show (high school, bachelor,
 * master, seminary, Israel program, college-level or AP courses with add/remove rows). Autosaves; Back
 * and Next save (Next validates first and raises stepReached).
 */
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../../shared/ui/form-fields';
import { StepShell } from '../../StepShell';
import type { StepProps } from '../step-props';
import { DateInput, OptionSelect } from '../step-fields';
import { useStepForm } from '../useStepForm';
import { YES } from '../field-rules';
import {
  EDUCATION_FIELDS,
  MAX_COURSE_ROWS,
  OTHER,
  blankCourseRow,
  createEducationSchema,
  educationSections,
  seminaryListKey,
  type EducationValues,
} from './education.schema';

/** Step 3 component. */
export function EducationStep({ record, dropdowns, requirements, onNext, onBack }: StepProps) {
  const { t } = useTranslation();
  const shown = educationSections(requirements.sections, requirements.requiredFields);
  const { form, register, handleSubmit, isSubmitting, autosave, fieldError } = useStepForm<EducationValues>({
    record,
    schema: createEducationSchema(shown),
    fields: EDUCATION_FIELDS,
  });
  const err = fieldError;
  const rows = useFieldArray({ control: form.control, name: 'passedCollegeLevelOrAPCourses' });
  const seminary = form.watch('seminary');
  const seminaryName = form.watch('seminaryName');
  const men = record.gender === 'Male'; // men are asked about a yeshiva (issue 11 item 5)
  const israel = form.watch('israelOption');
  const passed = form.watch('haveYouPassedCollegeLevelOrAPCourses');
  const select = { dropdowns };
  const [confirmRow, setConfirmRow] = useState<number | null>(null);
  const removeRow = (i: number) => {
    setConfirmRow(null);
    rows.remove(i);
    void autosave.saveNow();
  };

  const onSubmit = handleSubmit(async () => {
    if (await autosave.saveNow({ stepReached: onNext.target })) onNext.go();
  });

  return (
    <StepShell
      step={3}
      title={t('steps.education')}
      autosave={autosave}
      onSubmit={(e) => void onSubmit(e)}
      onBack={() => void autosave.saveNow().then((ok) => ok && onBack())}
      busy={isSubmitting}
    >
      {shown.highSchool && (
        <fieldset className="fieldset">
          <legend>{t('education.high_school')}</legend>
          <TextField label={t('fields.highSchoolName')} required error={err('highSchoolName')} {...register('highSchoolName')} />
          <TextField
            label={t('fields.highSchoolCityStateCountry')}
            required
            error={err('highSchoolCityStateCountry')}
            {...register('highSchoolCityStateCountry')}
          />
          <DateInput
            label={t('fields.highSchoolGraduationDate')}
            required
            error={err('highSchoolGraduationDate')}
            {...register('highSchoolGraduationDate')}
          />
        </fieldset>
      )}
      {shown.bachelor && (
        <fieldset className="fieldset">
          <legend>{t('education.bachelor')}</legend>
          <TextField label={t('fields.bachelorCollege')} required error={err('bachelorCollege')} {...register('bachelorCollege')} />
          <div className="form-row">
            <TextField label={t('fields.bachelorDegree')} required error={err('bachelorDegree')} {...register('bachelorDegree')} />
            <TextField label={t('fields.bachelorMajor')} error={err('bachelorMajor')} {...register('bachelorMajor')} />
          </div>
          <DateInput
            label={t('fields.bachelorCompletionDate')}
            required
            error={err('bachelorCompletionDate')}
            {...register('bachelorCompletionDate')}
          />
        </fieldset>
      )}
      {shown.master && (
        <fieldset className="fieldset">
          <legend>{t('education.master')}</legend>
          <TextField label={t('fields.masterCollege')} required error={err('masterCollege')} {...register('masterCollege')} />
          <div className="form-row">
            <TextField label={t('fields.masterDegree')} required error={err('masterDegree')} {...register('masterDegree')} />
            <TextField label={t('fields.masterMajor')} required error={err('masterMajor')} {...register('masterMajor')} />
          </div>
          <DateInput
            label={t('fields.masterCompletionDate')}
            required
            error={err('masterCompletionDate')}
            {...register('masterCompletionDate')}
          />
        </fieldset>
      )}
      {shown.seminary && (
        <fieldset className="fieldset">
          <legend>{men ? t('education.yeshiva') : t('education.seminary')}</legend>
          <OptionSelect
            {...select}
            list="yesNo"
            label={men ? t('fields.yeshiva') : t('fields.seminary')}
            required={shown.seminaryRequired}
            error={err('seminary')}
            {...register('seminary')}
          />
          {seminary === YES && (
            <>
              <OptionSelect
                {...select}
                list={seminaryListKey(record.gender)}
                extra={[{ value: OTHER, label: t('education.other') }]}
                label={men ? t('fields.yeshivaName') : t('fields.seminaryName')}
                required
                error={err('seminaryName')}
                {...register('seminaryName')}
              />
              {seminaryName === OTHER && (
                <TextField
                  label={t('fields.seminaryNameOther')}
                  required
                  error={err('seminaryNameOther')}
                  {...register('seminaryNameOther')}
                />
              )}
              <TextField
                label={t('fields.seminaryCityStateCountry')}
                required
                error={err('seminaryCityStateCountry')}
                {...register('seminaryCityStateCountry')}
              />
              <div className="form-row">
                <TextField
                  label={t('fields.seminaryCeeb')}
                  hint={t('education.ceeb_hint')}
                  inputMode="numeric"
                  maxLength={6}
                  error={err('seminaryCeeb')}
                  {...register('seminaryCeeb')}
                />
                <OptionSelect
                  {...select}
                  list="yesNo"
                  label={t('fields.attendingSeminary')}
                  required
                  error={err('attendingSeminary')}
                  {...register('attendingSeminary')}
                />
              </div>
              <TextField
                label={t('fields.priorToSeminary')}
                hint={t('education.prior_hint')}
                error={err('priorToSeminary')}
                {...register('priorToSeminary')}
              />
            </>
          )}
        </fieldset>
      )}
      {shown.israelProgram && (
        <fieldset className="fieldset">
          <legend>{t('education.israel')}</legend>
          <OptionSelect
            {...select}
            list="yesNo"
            label={t('fields.israelOption')}
            required={shown.israelOptionRequired}
            error={err('israelOption')}
            {...register('israelOption')}
          />
          {israel === YES && (
            <div className="form-row">
              <OptionSelect
                {...select}
                list="israelPrograms"
                label={t('fields.israelOptionName')}
                required
                error={err('israelOptionName')}
                {...register('israelOptionName')}
              />
              <TextField label={t('fields.israelOptionCollege')} error={err('israelOptionCollege')} {...register('israelOptionCollege')} />
            </div>
          )}
        </fieldset>
      )}
      {shown.collegeCourses && (
        <fieldset className="fieldset">
          <legend>{t('education.college_courses')}</legend>
          <OptionSelect
            {...select}
            list="yesNo"
            label={t('fields.haveYouPassedCollegeLevelOrAPCourses')}
            required
            error={err('haveYouPassedCollegeLevelOrAPCourses')}
            {...register('haveYouPassedCollegeLevelOrAPCourses')}
          />
          {passed === YES && (
            <div className="course-rows">
              {rows.fields.map((row, i) => (
                <div className="form-row course-row" key={row.id} role="group" aria-label={t('education.course_row', { number: i + 1 })}>
                  <TextField
                    label={t('fields.passedCourse.name', { number: i + 1 })}
                    required
                    error={err(`passedCollegeLevelOrAPCourses.${i}.name`)}
                    {...register(`passedCollegeLevelOrAPCourses.${i}.name`)}
                  />
                  <TextField
                    label={t('fields.passedCourse.college', { number: i + 1 })}
                    required
                    error={err(`passedCollegeLevelOrAPCourses.${i}.college`)}
                    {...register(`passedCollegeLevelOrAPCourses.${i}.college`)}
                  />
                  {rows.fields.length > 1 && confirmRow !== i && (
                    <button
                      type="button"
                      className="btn btn--ghost"
                      onClick={() => {
                        const row = form.getValues(`passedCollegeLevelOrAPCourses.${i}`);
                        // a row with answers is removed only after a confirmation (destructive action)
                        if (row && (row.name.trim() || row.college.trim())) setConfirmRow(i);
                        else removeRow(i);
                      }}
                    >
                      {t('education.remove_course', { number: i + 1 })}
                    </button>
                  )}
                  {confirmRow === i && (
                    <div className="confirm-inline" role="alert">
                      <p>{t('education.confirm_remove', { number: i + 1 })}</p>
                      <button type="button" className="btn btn--primary" autoFocus onClick={() => removeRow(i)}>
                        {t('education.remove_course', { number: i + 1 })}
                      </button>
                      <button type="button" className="btn btn--ghost" onClick={() => setConfirmRow(null)}>
                        {t('education.keep')}
                      </button>
                    </div>
                  )}
                </div>
              ))}
              {rows.fields.length < MAX_COURSE_ROWS && (
                <button type="button" className="btn btn--ghost" onClick={() => rows.append(blankCourseRow())}>
                  {t('education.add_course')}
                </button>
              )}
            </div>
          )}
        </fieldset>
      )}
    </StepShell>
  );
}
