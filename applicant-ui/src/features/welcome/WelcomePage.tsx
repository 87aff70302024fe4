/**
 * Welcome page `/` (spec §1, DESIGN §3): gender → field of interest (grouped tables) → semester
 * (and location when the semester lists some) → first name, last name, e-mail → "Start application"
 * (POST /api/applications) → `/application/1?token=…` with router state `{ information }`.
 * Only what is open now can be started (issue 25): the semesters are the chosen program's open offerings
 * (`courses`, labels from the API) with the current round's deadline ("Apply by …"); a program with
 * nothing open is listed as not open, with when it opens. A start refused because the offering closed (or
 * has not opened) shows the server's message on the semester, reloads the catalogue and keeps every
 * answer typed, so another semester can be chosen.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { apiErrorBody } from '../../shared/api/errors';
import { formatInstant } from '../../shared/lib/instant-format';
import { SelectField, TextField, fieldErrorText } from '../../shared/ui/form-fields';
import { useHeadingFocus } from '../../shared/ui/usePageHeadingFocus';
import { applicationPath } from '../../app/route-names';
import { browserTimeZone, startApplication } from '../application/api/application-api';
import type { ApplicationInformation } from '../application/api/application-types';
import { useApplication } from '../application/ApplicationContext';
import { ProgramDetailsDialog } from './ProgramDetailsDialog';
import { ProgramTables } from './ProgramTables';
import { fetchPrograms, isOpenNow, locationLabel, semesterChoices, type GenderQuery, type Program } from './programs-api';
import { notOpenReason } from './program-opening';
import { startApplicationSchema, type StartApplicationValues } from './welcome.schema';
import { PersonNameFields } from '../../shared/ui/NameFields';

type Gender = 'Female' | 'Male';
type LoadState = 'idle' | 'loading' | 'ready' | 'error';

/** A server error on one of the choice controls (outside the form), linked from the form's alert. */
interface ChoiceFieldError {
  id: string;
  label: string;
  text: string;
}

/** Welcome page (default export for lazy loading). */
export default function WelcomePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { setLoaded } = useApplication();
  const headingRef = useHeadingFocus(null, true);
  const genderName = useId();
  const semesterId = useId();
  const locationId = useId();

  const [gender, setGender] = useState<Gender | null>(null);
  const [programs, setPrograms] = useState<Program[]>([]);
  const [loadState, setLoadState] = useState<LoadState>('idle');
  const [reloads, setReloads] = useState(0);
  const [program, setProgram] = useState<Program | null>(null);
  const [details, setDetails] = useState<Program | null>(null);
  const [semester, setSemester] = useState('');
  const [location, setLocation] = useState('');
  const [semesterError, setSemesterError] = useState<string | null>(null);
  const [locationError, setLocationError] = useState<string | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [revealed, setRevealed] = useState(false);

  // a new gender starts the choice over; a new language keeps it (the catalogue comes again in that language);
  // a refused start reloads it (what is open may have changed) and keeps the choice while it is still open
  const shownGender = useRef(gender);
  useEffect(() => {
    if (!gender) return;
    let alive = true;
    const q = gender.toLowerCase() as GenderQuery;
    const sameGender = shownGender.current === gender;
    shownGender.current = gender;
    setLoadState('loading');
    if (!sameGender) {
      setPrograms([]);
      setProgram(null);
      setSemester('');
      setLocation('');
      setSemesterError(null);
      setLocationError(null);
    }
    fetchPrograms(q)
      .then((p) => {
        if (!alive) return;
        setPrograms(p);
        setProgram((chosen) => (chosen ? (p.find((x) => x.name === chosen.name) ?? null) : null));
        setLoadState('ready');
      })
      .catch(() => alive && setLoadState('error'));
    return () => {
      alive = false;
    };
  }, [gender, i18n.language, reloads]);

  const open = program !== null && isOpenNow(program);
  const choices = useMemo(() => semesterChoices(program ?? undefined), [program]);
  const course = choices.find((c) => c.semester === semester);
  const locations = course?.locations ?? [];
  const ready = open && course !== undefined && (locations.length === 0 || locations.includes(location));

  // a semester (or location) no longer offered after a reload is cleared: the applicant chooses again
  useEffect(() => {
    if (semester && !course) {
      setSemester('');
      setLocation('');
    } else if (location && !locations.includes(location)) {
      setLocation('');
    }
  }, [semester, course, location, locations]);

  // once shown, the start form stays (with what was typed) while the choice is made again
  useEffect(() => {
    if (ready) setRevealed(true);
  }, [ready]);

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
    if (!gender || !program || !ready) {
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
      const others: string[] = [];
      let choiceRefused = false;
      for (const [field, messages] of Object.entries(body?.errors ?? {})) {
        const text = messages[0] ?? '';
        if (field === 'firstName' || field === 'lastName' || field === 'email') {
          setError(field, { type: 'server', message: text });
        } else if (field === 'semester') {
          // e.g. APP-422-closed / APP-422-not-open-yet, already in the page's language
          setSemesterError(text);
          choiceRefused = true;
        } else if (field === 'location') {
          setLocationError(text);
          choiceRefused = true;
        } else {
          others.push(text);
          choiceRefused ||= field === 'fieldOfInterest';
        }
      }
      if (choiceRefused) setReloads((n) => n + 1);
      setFailure([body?.message ?? t('welcome.start_failed'), ...others].join(' '));
    }
  });

  const choiceFieldErrors: ChoiceFieldError[] = [
    ...(semesterError ? [{ id: semesterId, label: t('welcome.semester'), text: semesterError }] : []),
    ...(locationError ? [{ id: locationId, label: t('welcome.location'), text: locationError }] : []),
  ];

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

      {loadState !== 'error' && programs.length > 0 && (
        <ProgramTables
          programs={programs}
          selected={program?.name ?? null}
          onSelect={(p) => {
            setProgram(p);
            setSemester('');
            setLocation('');
            setSemesterError(null);
            setLocationError(null);
          }}
          onDetails={setDetails}
        />
      )}

      {program && !open && (
        <p className="form__notice" role="status" data-testid="program-not-open">
          {program.label}: {notOpenReason(program, t, i18n.language)}
        </p>
      )}

      {open && (
        <div className="form-row">
          <SelectField
            id={semesterId}
            label={t('welcome.semester')}
            placeholder={t('common.select_placeholder')}
            required
            value={semester}
            hint={course?.deadlineAt ? t('welcome.apply_by', { date: formatInstant(course.deadlineAt, i18n.language) }) : undefined}
            error={semesterError ?? undefined}
            options={choices.map((c) => ({ value: c.semester, label: c.label }))}
            onChange={(e) => {
              setSemester(e.target.value);
              setLocation('');
              setSemesterError(null);
              setLocationError(null);
            }}
          />
          {locations.length > 0 && (
            <SelectField
              id={locationId}
              label={t('welcome.location')}
              placeholder={t('common.select_placeholder')}
              required
              value={location}
              error={locationError ?? undefined}
              options={locations.map((l) => ({ value: l, label: locationLabel(t, l) }))}
              onChange={(e) => {
                setLocation(e.target.value);
                setLocationError(null);
              }}
            />
          )}
        </div>
      )}

      {open && (ready || revealed) && (
        <form onSubmit={onSubmit} noValidate className="form start-form" aria-labelledby="start-heading">
          <h2 id="start-heading">{t('welcome.start_heading')}</h2>
          {failure && (
            <div className="form__alert" role="alert" data-testid="start-failure">
              <p>{failure}</p>
              {choiceFieldErrors.length > 0 && (
                <ul>
                  {choiceFieldErrors.map((f) => (
                    <li key={f.id}>
                      <a
                        href={`#${f.id}`}
                        onClick={(e) => {
                          e.preventDefault();
                          document.getElementById(f.id)?.focus();
                        }}
                      >
                        {f.label}: {f.text}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </div>
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
