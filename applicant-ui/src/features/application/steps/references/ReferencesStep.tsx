/**
 * Step 6 "References" (DESIGN §3): two references and up to three recommenders, {name, phone, email, relationship}
 * each; under each recommender, the request to write a letter and its status (issue 15 item 1).
 */
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../../shared/ui/form-fields';
import { RecommenderPanel } from '../../../recommendations/RecommenderPanel';
import { useRecommendations } from '../../../recommendations/useRecommendations';
import type { RecommendationSlot } from '../../../recommendations/recommendations-api';
import { useApplication } from '../../ApplicationContext';
import { SECTIONS } from '../../requirements';
import { StepShell } from '../../StepShell';
import type { StepProps } from '../step-props';
import { useStepForm } from '../useStepForm';
import {
  RECOMMENDER_FIELDS,
  REFERENCE_FIELDS,
  REFERENCES_FIELDS,
  createReferencesSchema,
  type ReferencesValues,
} from './references.schema';

const SLOTS: RecommendationSlot[] = ['first', 'second', 'third'];

/** Step 6 component. */
export function ReferencesStep({ record, requirements, onNext, onBack }: StepProps) {
  const { t } = useTranslation();
  const shown = {
    references: requirements.sections.includes(SECTIONS.references),
    recommenders: requirements.sections.includes(SECTIONS.recommenders),
  };
  const { token } = useApplication();
  const recommendations = useRecommendations(record.Id, token, shown.recommenders);
  const { form, register, handleSubmit, isSubmitting, autosave, fieldError } = useStepForm<ReferencesValues>({
    record,
    schema: createReferencesSchema(shown),
    fields: REFERENCES_FIELDS,
  });

  const onSubmit = handleSubmit(async () => {
    if (await autosave.saveNow({ stepReached: onNext.target })) onNext.go();
  });

  const person = (
    f: (typeof REFERENCES_FIELDS)[number],
    required: { name: boolean; phone: boolean; email: boolean; relationship: boolean },
    slot?: RecommendationSlot,
  ) => {
    const who = t(`references.${f}`);
    return (
      <fieldset className="fieldset" key={f}>
        <legend>{who}</legend>
        <div className="form-row">
          <TextField
            label={t('fields.contact.name', { who })}
            required={required.name}
            error={fieldError(`${f}.name`)}
            {...register(`${f}.name`)}
          />
          <TextField
            label={t('fields.contact.relationship', { who })}
            required={required.relationship}
            error={fieldError(`${f}.relationship`)}
            {...register(`${f}.relationship`)}
          />
        </div>
        <div className="form-row">
          <TextField
            label={t('fields.contact.phone', { who })}
            type="tel"
            required={required.phone}
            error={fieldError(`${f}.phone`)}
            {...register(`${f}.phone`)}
          />
          <TextField
            label={t('fields.contact.email', { who })}
            type="email"
            required={required.email}
            error={fieldError(`${f}.email`)}
            {...register(`${f}.email`)}
          />
        </div>
        {slot && (
          <RecommenderPanel
            applicationId={record.Id}
            token={token}
            slot={slot}
            recommendation={recommendations.items.find((r) => r.slot === slot)}
            contact={() => form.getValues(f)}
            onChanged={recommendations.reload}
          />
        )}
      </fieldset>
    );
  };

  return (
    <StepShell
      step={6}
      title={t('steps.references')}
      autosave={autosave}
      onSubmit={(e) => void onSubmit(e)}
      onBack={() => void autosave.saveNow().then((ok) => ok && onBack())}
      busy={isSubmitting}
    >
      {shown.references && (
        <>
          <p className="field__hint">{t('references.references_hint')}</p>
          {REFERENCE_FIELDS.map((f) => person(f, { name: true, phone: true, email: false, relationship: true }))}
        </>
      )}
      {shown.recommenders && (
        <>
          <p className="field__hint">{t('references.recommenders_hint')}</p>
          {RECOMMENDER_FIELDS.map((f, i) => person(f, { name: i < 2, phone: false, email: i < 2, relationship: i < 2 }, SLOTS[i]))}
        </>
      )}
      {!shown.references && !shown.recommenders && <p>{t('references.none')}</p>}
    </StepShell>
  );
}
