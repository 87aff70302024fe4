/**
 * The e-mail preferences of the address a marketing e-mail went to (issue 30 item 5): what it receives now,
 * and a choice between every e-mail (news and events too) and only the e-mails about the application — those
 * are always sent. Radio buttons in a fieldset with a legend, one submit button, the saved choice announced
 * in a status message; an unknown link shows the server's message.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorBody } from '../../shared/api/errors';
import { fetchPreferences, savePreferences, type Preferences } from './preferences-api';

type Choice = 'all' | 'application';
type Load = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; preferences: Preferences };

/** The form for `token`; `onLoaded` hears the preferences once read (the page adopts the e-mail's language). */
export function PreferencesForm({ token, onLoaded }: { token: string; onLoaded?: (preferences: Preferences) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [choice, setChoice] = useState<Choice>('all');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<boolean | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const loadedRef = useRef(onLoaded);

  useEffect(() => {
    let alive = true;
    if (!token) {
      setLoad({ kind: 'failed', message: t('preferences.invalid_link') });
      return;
    }
    fetchPreferences(token).then(
      (preferences) => {
        if (!alive) return;
        setLoad({ kind: 'ready', preferences });
        setChoice(preferences.marketing ? 'all' : 'application');
        loadedRef.current?.(preferences);
      },
      (error: unknown) => {
        if (alive) setLoad({ kind: 'failed', message: apiErrorBody(error)?.message ?? t('preferences.invalid_link') });
      },
    );
    return () => {
      alive = false;
    };
  }, [token, t]);

  if (load.kind === 'loading')
    return (
      <p className="loading" role="status">
        {t('preferences.loading')}
      </p>
    );
  if (load.kind === 'failed')
    return (
      <div className="form__alert" role="alert" data-testid="preferences-failed">
        <p>{load.message}</p>
      </div>
    );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setSaving(true);
    try {
      const preferences = await savePreferences(token, choice === 'all');
      setLoad({ kind: 'ready', preferences });
      setSaved(preferences.marketing);
      requestAnimationFrame(() => statusRef.current?.focus());
    } catch (error) {
      setFailure(apiErrorBody(error)?.message ?? t('preferences.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="form" data-testid="preferences-form">
      <p>{t('preferences.for_address', { email: load.preferences.email })}</p>
      {saved !== null && (
        <p ref={statusRef} tabIndex={-1} role="status" className="notice notice--success" data-testid="preferences-saved">
          {t(saved ? 'preferences.saved_all' : 'preferences.saved_application')}
        </p>
      )}
      {failure && (
        <p className="form__alert" role="alert">
          {failure}
        </p>
      )}
      <fieldset className="fieldset" aria-describedby={`${id}-hint`}>
        <legend>{t('preferences.question')}</legend>
        {(['all', 'application'] as const).map((value) => (
          <div className="field field--checkbox" key={value}>
            <input
              id={`${id}-${value}`}
              type="radio"
              name="marketing"
              value={value}
              checked={choice === value}
              onChange={() => setChoice(value)}
            />
            <label htmlFor={`${id}-${value}`}>{t(`preferences.choice_${value}`)}</label>
          </div>
        ))}
        <p id={`${id}-hint`} className="field__hint">
          {t('preferences.always_sent')}
        </p>
      </fieldset>
      <button type="submit" className="btn btn--primary" disabled={saving}>
        {saving ? t('preferences.saving') : t('preferences.save')}
      </button>
    </form>
  );
}
