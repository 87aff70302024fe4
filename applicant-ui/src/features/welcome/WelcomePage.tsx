/**
 * Welcome page `/` (spec §1, DESIGN §3): gender → field of interest (grouped tables) → semester
 * (and location when the semester lists some) → first name, last name, e-mail → "Start application"
 * (POST /api/applications) → `/application/1?token=…` with router state `{ information }`.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { apiErrorBody } from '../../shared/api/errors';
import { SelectField, TextField, fieldErrorText } from '../../shared/ui/form-fields';
import { useHeadingFocus } from '../../shared/ui/usePageHeadingFocus';
import { applicationPath } from '../../app/route-names';
import { browserTimeZone, startApplication } from '../application/api/application-api';
import type { ApplicationInformation } from '../application/api/application-types';
import { useApplication } from '../application/ApplicationContext';
import { ProgramDetailsDialog } from './ProgramDetailsDialog';
import { ProgramTables } from './ProgramTables';
import {
  fetchPrograms,
  fetchSemesters,
  semesterChoices,
  semesterLabel,
  type GenderQuery,
  type Program,
  type Semester,
} from './programs-api';
import { startApplicationSchema, type StartApplicationValues } from './welcome.schema';
import { PersonNameFields } from '../../shared/ui/NameFields';

type Gender = 'Female' | 'Male';
type LoadState = 'idle' | 'loading' | 'ready' | 'error';

/** Welcome page (default export for lazy loading). */
export default function WelcomePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { setLoaded } = useApplication();
  const headingRef = useHeadingFocus(null, true);
  const genderName = useId();

  const [gender, setGender] = useState<Gender | null>(null);
  const [programs, setPrograms] = useState<Program[]>([]);
  const [semesters, setSemesters] = useState<Semester[]>([]);
  const [loadState, setLoadState] = useState<LoadState>('idle');
  const [program, setProgram] = useState<Program | null>(null);
  const [details, setDetails] = useState<Program | null>(null);
  const [semester, setSemester] = useState('');
  const [location, setLocation] = useState('');
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // a new gender starts the choice over; a new language keeps it (the catalogue comes again in that language)
  const shownGender = useRef(gender);
  useEffect(() => {
    if (!gender) return;
    let alive = true;
    const q = gender.toLowerCase() as GenderQuery;
    const sameGender = shownGender.current === gender;
    shownGender.current = gender;
    setLoadState('loading');
    if (!sameGender) {
      setProgram(null);
      setSemester('');
      setLocation('');
    }
    Promise.all([fetchPrograms(q), fetchSemesters(q)])
      .then(([p, s]) => {
        if (!alive) return;
        setPrograms(p);
        setSemesters(s);
        setProgram((chosen) => (chosen ? (p.find((x) => x.name === chosen.name) ?? null) : null));
        setLoadState('ready');
      })
      .catch(() => alive && setLoadState('error'));
    return () => {
      alive = false;
    };
  }, [gender, i18n.language]);

  const choices = useMemo(() => (program ? semesterChoices(program, semesters) : []), [program, semesters]);
  const locations = choices.find((c) => c.semester === semester)?.locations ?? [];

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<StartApplicationValues>({
    resolver: zodResolver(startApplicationSchema),
    defaultValues: { firstName: '', lastName: '', email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setChoiceError(null);
    if (!gender || !program || !semester || (locations.length > 0 && !location)) {
      setChoiceError(t('welcome.choose_all'));
      return;
    }
    const information: ApplicationInformation = {
      gender,
      fieldOfInterest: program.name,
      semester,
      ...(location ? { location } : {}),
    };
    try {
      const answer = await startApplication({ ...information, ...values, locale: currentLocale(), timeZone: browserTimeZone() });
      setLoaded(answer.data, answer.token);
      void navigate(applicationPath(1, answer.token), { state: { information } });
    } catch (error) {
      const body = apiErrorBody(error);
      if (body?.errors) {
        for (const [field, messages] of Object.entries(body.errors)) {
          if (field === 'firstName' || field === 'lastName' || field === 'email') {
            setError(field, { type: 'server', message: messages[0] ?? '' });
          }
        }
      }
      setFailure(body?.message ?? t('welcome.start_failed'));
    }
  });

  return (
    <div className="welcome">
      <h1 ref={headingRef} tabIndex={-1}>
        {t('welcome.title')}
      </h1>
      <p className="lead">{t('welcome.intro')}</p>

      <fieldset className="choice-group">
        <legend className="step-title">{t('welcome.gender_legend')}</legend>
        <div className="choice-row">
          {(['Female', 'Male'] as const).map((g) => (
            <label key={g} className={`choice-card${gender === g ? ' is-selected' : ''}`}>
              <input type="radio" name={genderName} value={g} checked={gender === g} onChange={() => setGender(g)} />
              <span>{t(`gender.${g.toLowerCase()}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {loadState === 'loading' && <p role="status">{t('common.loading')}</p>}
      {loadState === 'error' && (
        <p role="alert" className="form__alert">
          {t('welcome.programs_failed')}
        </p>
      )}
      {loadState === 'ready' && programs.length === 0 && <p>{t('welcome.no_programs')}</p>}

      {loadState === 'ready' && programs.length > 0 && (
        <ProgramTables
          programs={programs}
          selected={program?.name ?? null}
          onSelect={(p) => {
            setProgram(p);
            setSemester('');
            setLocation('');
          }}
          onDetails={setDetails}
        />
      )}

      {program && (
        <div className="form-row">
          <SelectField
            label={t('welcome.semester')}
            placeholder={t('common.select_placeholder')}
            required
            value={semester}
            options={choices.map((c) => ({ value: c.semester, label: semesterLabel(semesters, c.semester) }))}
            onChange={(e) => {
              setSemester(e.target.value);
              setLocation('');
            }}
          />
          {locations.length > 0 && (
            <SelectField
              label={t('welcome.location')}
              placeholder={t('common.select_placeholder')}
              required
              value={location}
              options={locations.map((l) => ({ value: l, label: l }))}
              onChange={(e) => setLocation(e.target.value)}
            />
          )}
        </div>
      )}

      {program && semester && (locations.length === 0 || location) && (
        <form onSubmit={onSubmit} noValidate className="form start-form" aria-labelledby="start-heading">
          <h2 id="start-heading">{t('welcome.start_heading')}</h2>
          {failure && (
            <p className="form__alert" role="alert">
              {failure}
            </p>
          )}
          {choiceError && (
            <p className="form__alert" role="alert">
              {choiceError}
            </p>
          )}
          <div className="form-row">
            <PersonNameFields
              labels={{ given: t('fields.firstName'), family: t('fields.lastName') }}
              errors={{ given: fieldErrorText(t, errors.firstName), family: fieldErrorText(t, errors.lastName) }}
              given={register('firstName')}
              family={register('lastName')}
            />
          </div>
          <TextField
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            error={fieldErrorText(t, errors.email)}
            {...register('email')}
          />
          <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
            {isSubmitting ? t('welcome.starting') : t('welcome.start')}
          </button>
        </form>
      )}

      <ProgramDetailsDialog program={details} onClose={() => setDetails(null)} />
    </div>
  );
}
