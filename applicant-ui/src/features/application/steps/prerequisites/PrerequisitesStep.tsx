/**
 * Step 5 "Prerequisites" (DESIGN §3): the program's course tables (status, college, completion date per
 * course), the prerequisite subjects (taken? how? then class type, college or exam, and the completion
 * date) and the completed observation. Only the parts in the requirements' sections show.
 */
import { useTranslation } from 'react-i18next';
import type { Path } from 'react-hook-form';
import { CheckboxField, TextField } from '../../../../shared/ui/form-fields';
import { StepShell } from '../../StepShell';
import type { StepProps } from '../step-props';
import { DateInput, OptionSelect } from '../step-fields';
import { useStepForm } from '../useStepForm';
import {
  COMPLETED,
  HOW,
  OTHER,
  PREREQUISITE_FIELDS,
  TAKEN,
  WITH_COLLEGE,
  courseFields,
  createPrerequisitesSchema,
  prerequisiteSections,
  type PrerequisiteValues,
} from './prerequisites.schema';

/** Step 5 component. */
export function PrerequisitesStep({ record, dropdowns, requirements, onNext, onBack }: StepProps) {
  const { t } = useTranslation();
  const shown = prerequisiteSections(requirements.sections, requirements.requiredFields);
  const { form, register, handleSubmit, isSubmitting, autosave, fieldError } = useStepForm<PrerequisiteValues>({
    record,
    schema: createPrerequisitesSchema(shown) as never,
    fields: PREREQUISITE_FIELDS,
  });
  const values = form.watch() as Record<string, Record<string, string>> & PrerequisiteValues;
  const p = (name: string) => name as Path<PrerequisiteValues>;
  const err = (name: string) => fieldError(p(name));
  const reg = (name: string) => register(p(name));
  const select = { dropdowns };

  const onSubmit = handleSubmit(async () => {
    if (await autosave.saveNow({ stepReached: onNext.target })) onNext.go();
  });

  return (
    <StepShell
      step={5}
      title={t('steps.prerequisites')}
      autosave={autosave}
      onSubmit={(e) => void onSubmit(e)}
      onBack={() => void autosave.saveNow().then((ok) => ok && onBack())}
      busy={isSubmitting}
    >
      {shown.tables.map((table) => (
        <fieldset className="fieldset" key={table}>
          <legend>{t(`prerequisites.tables.${table}`)}</legend>
          <p className="field__hint">{t('prerequisites.tables_hint')}</p>
          {courseFields(table).map((f) => {
            const completed = values[f]?.status === COMPLETED;
            const withCollege = WITH_COLLEGE.includes(values[f]?.status ?? '');
            return (
              <div className="course-table__row" key={f} role="group" aria-labelledby={`${f}-name`}>
                <h3 id={`${f}-name`} className="course-table__name">
                  {t(`courses.${f}`)}
                </h3>
                <div className="form-row">
                  <OptionSelect
                    {...select}
                    list="classStatus"
                    label={t('fields.course.status')}
                    aria-label={`${t(`courses.${f}`)}: ${t('fields.course.status')}`}
                    required={shown.requiredTables.includes(table)}
                    error={err(`${f}.status`)}
                    {...reg(`${f}.status`)}
                  />
                  <TextField
                    label={t('fields.course.college')}
                    aria-label={`${t(`courses.${f}`)}: ${t('fields.course.college')}`}
                    required={withCollege}
                    error={err(`${f}.college`)}
                    {...reg(`${f}.college`)}
                  />
                  <DateInput
                    label={t('fields.course.completion_date')}
                    aria-label={`${t(`courses.${f}`)}: ${t('fields.course.completion_date')}`}
                    required={completed}
                    error={err(`${f}.completion_date`)}
                    {...reg(`${f}.completion_date`)}
                  />
                </div>
              </div>
            );
          })}
        </fieldset>
      ))}
      {shown.subjects.map((subject) => {
        const pf = `${subject}Prerequisite`;
        const inf = `${subject}Info`;
        const took = values[pf]?.tookCourse ?? '';
        const how = values[pf]?.howTaken ?? '';
        const taken = TAKEN.includes(took);
        const name = t(`prerequisites.subjects.${subject}`);
        return (
          <fieldset className="fieldset" key={subject}>
            <legend>{name}</legend>
            <div className="form-row">
              <OptionSelect
                {...select}
                list="transferCredit"
                label={t('fields.prerequisite.tookCourse', { subject: name })}
                required
                error={err(`${pf}.tookCourse`)}
                {...reg(`${pf}.tookCourse`)}
              />
              {taken && (
                <OptionSelect
                  {...select}
                  list="placesClassesTaken"
                  label={t('fields.prerequisite.howTaken', { subject: name })}
                  required
                  error={err(`${pf}.howTaken`)}
                  {...reg(`${pf}.howTaken`)}
                />
              )}
            </div>
            {taken && how === HOW.highSchool && (
              <OptionSelect
                {...select}
                list="classTypes"
                label={t('fields.info.typeClass', { subject: name })}
                required
                error={err(`${inf}.typeClass`)}
                {...reg(`${inf}.typeClass`)}
              />
            )}
            {taken && how === HOW.college && (
              <div className="form-row">
                <OptionSelect
                  {...select}
                  list="colleges"
                  label={t('fields.info.college', { subject: name })}
                  required
                  error={err(`${inf}.college`)}
                  {...reg(`${inf}.college`)}
                />
                {values[inf]?.college === OTHER && (
                  <TextField
                    label={t('fields.info.collegeOther', { subject: name })}
                    required
                    error={err(`${inf}.collegeOther`)}
                    {...reg(`${inf}.collegeOther`)}
                  />
                )}
              </div>
            )}
            {taken && how === HOW.exam && (
              <div className="form-row">
                <OptionSelect
                  {...select}
                  list="examTypes"
                  label={t('fields.info.examTaken', { subject: name })}
                  required
                  error={err(`${inf}.examTaken`)}
                  {...reg(`${inf}.examTaken`)}
                />
                {values[inf]?.examTaken === OTHER && (
                  <TextField
                    label={t('fields.info.examTakenOther', { subject: name })}
                    required
                    error={err(`${inf}.examTakenOther`)}
                    {...reg(`${inf}.examTakenOther`)}
                  />
                )}
              </div>
            )}
            {taken && (
              <DateInput
                label={t('fields.info.completion_date', { subject: name })}
                required={took === 'Yes'}
                error={err(`${inf}.completion_date`)}
                {...reg(`${inf}.completion_date`)}
              />
            )}
          </fieldset>
        );
      })}
      {shown.observation && (
        <fieldset className="fieldset">
          <legend>{t('prerequisites.observation')}</legend>
          <CheckboxField label={t('fields.completedObservation.boolean')} {...reg('completedObservation.boolean')} />
          {values.completedObservation?.boolean && (
            <DateInput
              label={t('fields.completedObservation.when')}
              required
              error={err('completedObservation.when')}
              {...reg('completedObservation.when')}
            />
          )}
        </fieldset>
      )}
    </StepShell>
  );
}
