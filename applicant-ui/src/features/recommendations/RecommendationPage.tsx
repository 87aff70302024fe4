/**
 * /recommendation?token=… (issue 15 item 1): the page a recommender's e-mailed link opens, with no account.
 * Shows who asked and for which program (and whether the applicant waived the right to see the letter),
 * then takes a letter upload (PDF, Word, JPEG or PNG; the server checks it like every document) or a short
 * form. Sending ends the link: a clear success state follows, and the link then says it was already used.
 * An invalid, replaced, expired or used link shows the server's message. The page opens in the request's
 * language (unless this device chose one); the language switcher is in the header; no account links (issue 27).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { adoptApplicationLocale } from '../../i18n';
import { apiErrorBody } from '../../shared/api/errors';
import { SelectField, TextAreaField } from '../../shared/ui/form-fields';
import { useHeadingFocus } from '../../shared/ui/usePageHeadingFocus';
import {
  fetchRecommenderRequest,
  sendRecommendationAnswers,
  sendRecommendationLetter,
  type RecommendationAnswers,
  type RecommenderRequest,
} from './recommendations-api';

type View = { kind: 'loading' } | { kind: 'refused'; message: string } | { kind: 'open'; request: RecommenderRequest } | { kind: 'done' };
type Mode = 'letter' | 'form';

const OVERALL: RecommendationAnswers['overall'][] = ['strongly', 'recommend', 'reservations', 'not'];

/** The recommender's page. */
export default function RecommendationPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [mode, setMode] = useState<Mode>('letter');
  const [file, setFile] = useState<File | null>(null);
  const [answers, setAnswers] = useState<RecommendationAnswers>({ acquaintance: '', strengths: '', overall: 'recommend', comments: '' });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headingRef = useHeadingFocus(view.kind, true);

  useEffect(() => {
    if (!token) {
      setView({ kind: 'refused', message: t('recommender.no_token') });
      return;
    }
    let alive = true;
    // program and term come in the page's language (Accept-Language): fetched again when it changes
    fetchRecommenderRequest(token)
      .then((request) => {
        if (!alive) return;
        setView({ kind: 'open', request });
        // the page starts in the request's language unless this device chose one (issue 27 item 5)
        void adoptApplicationLocale(request.locale).catch(() => undefined);
      })
      .catch(
        (failure: unknown) =>
          alive && setView({ kind: 'refused', message: apiErrorBody(failure)?.message ?? t('recommender.load_failed') }),
      );
    return () => {
      alive = false;
    };
  }, [token, t, i18n.language]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setFieldErrors({});
    if (mode === 'letter' && !file) {
      setFieldErrors({ file: t('recommender.choose_file') });
      return;
    }
    setBusy(true);
    try {
      if (mode === 'letter') await sendRecommendationLetter(token, file!);
      else await sendRecommendationAnswers(token, { ...answers, comments: answers.comments?.trim() || undefined });
      setView({ kind: 'done' });
    } catch (failure) {
      const body = apiErrorBody(failure);
      const errors = Object.fromEntries(Object.entries(body?.errors ?? {}).map(([k, v]) => [k, v[0] ?? '']));
      setFieldErrors(errors);
      setError(body?.message ?? t('recommender.send_failed'));
    } finally {
      setBusy(false);
    }
  };

  if (view.kind === 'loading')
    return (
      <p className="loading" role="status">
        {t('common.loading')}
      </p>
    );
  if (view.kind === 'refused')
    return (
      <section>
        <h1 ref={headingRef} tabIndex={-1}>
          {t('recommender.refused_title')}
        </h1>
        <p className="form__alert" role="alert" data-testid="recommender-refused">
          {view.message}
        </p>
      </section>
    );
  if (view.kind === 'done')
    return (
      <section>
        <h1 ref={headingRef} tabIndex={-1}>
          {t('recommender.done_title')}
        </h1>
        <p className="notice" role="status" data-testid="recommender-done">
          {t('recommender.done_text')}
        </p>
      </section>
    );

  const { request } = view;
  const set = (key: keyof RecommendationAnswers) => (e: { target: { value: string } }) =>
    setAnswers((a) => ({ ...a, [key]: e.target.value }));
  return (
    <section>
      <h1 ref={headingRef} tabIndex={-1}>
        {t('recommender.title', { applicantName: request.applicantName })}
      </h1>
      <p>{t('recommender.greeting', { name: request.recommenderName })}</p>
      <dl className="app-list__facts">
        <div>
          <dt>{t('recommender.applicant')}</dt>
          <dd>{request.applicantName}</dd>
        </div>
        <div>
          <dt>{t('recommender.program')}</dt>
          <dd>{request.program}</dd>
        </div>
        <div>
          <dt>{t('recommender.semester')}</dt>
          <dd>{request.semester}</dd>
        </div>
      </dl>
      <p className="notice">
        {t(request.waived ? 'recommender.waived' : 'recommender.not_waived', { applicantName: request.applicantName })}
      </p>
      <form onSubmit={(e) => void submit(e)} noValidate className="form">
        <fieldset className="fieldset">
          <legend>{t('recommender.how')}</legend>
          {(['letter', 'form'] as const).map((m) => (
            <div className="field field--checkbox" key={m}>
              <input id={`mode-${m}`} type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
              <label htmlFor={`mode-${m}`}>{t(`recommender.mode_${m}`)}</label>
            </div>
          ))}
        </fieldset>
        {mode === 'letter' ? (
          <div className={`field${fieldErrors.file ? ' field--invalid' : ''}`}>
            <label htmlFor="letter-file" className="field__label">
              {t('recommender.file')}
            </label>
            <p id="letter-file-hint" className="field__hint">
              {t('recommender.file_hint')}
            </p>
            <input
              id="letter-file"
              type="file"
              accept=".pdf,.doc,.docx,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
              aria-describedby={fieldErrors.file ? 'letter-file-hint letter-file-error' : 'letter-file-hint'}
              aria-invalid={fieldErrors.file ? true : undefined}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            {fieldErrors.file && (
              <p id="letter-file-error" className="field__error">
                {fieldErrors.file}
              </p>
            )}
          </div>
        ) : (
          <>
            <TextAreaField
              label={t('recommender.acquaintance')}
              required
              maxLength={2000}
              value={answers.acquaintance}
              onChange={set('acquaintance')}
              error={fieldErrors.acquaintance}
            />
            <TextAreaField
              label={t('recommender.strengths')}
              required
              maxLength={5000}
              value={answers.strengths}
              onChange={set('strengths')}
              error={fieldErrors.strengths}
            />
            <SelectField
              label={t('recommender.overall')}
              required
              value={answers.overall}
              onChange={set('overall')}
              placeholder={t('recommender.overall_choose')}
              options={OVERALL.map((value) => ({ value, label: t(`recommender.overall_${value}`) }))}
              error={fieldErrors.overall}
            />
            <TextAreaField
              label={t('recommender.comments')}
              maxLength={5000}
              value={answers.comments}
              onChange={set('comments')}
              error={fieldErrors.comments}
            />
          </>
        )}
        {error && (
          <p className="form__alert" role="alert">
            {error}
          </p>
        )}
        <p className="field__hint">{t('recommender.ends_link')}</p>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? t('recommender.sending') : t('recommender.send')}
        </button>
      </form>
    </section>
  );
}
