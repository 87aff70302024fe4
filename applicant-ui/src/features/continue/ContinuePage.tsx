/**
 * /continue (DESIGN §3): the applicant gives an e-mail address; POST /api/continue e-mails a fresh link
 * for each open application of that address. The page shows the same confirmation whatever the answer
 * (known address or not), so it never reveals who has applied. Only a network failure is reported.
 */
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { apiErrorStatus } from '../../shared/api/errors';
import { TextField, fieldErrorText } from '../../shared/ui/form-fields';
import { useHeadingFocus } from '../../shared/ui/usePageHeadingFocus';
import { requestContinueLinks } from '../application/api/application-api';
import { continueSchema, type ContinueValues } from './continue.schema';

/** Continue page (default export for lazy loading). */
export default function ContinuePage() {
  const { t } = useTranslation();
  const headingRef = useHeadingFocus(null, true);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ContinueValues>({ resolver: zodResolver(continueSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await requestContinueLinks(email.trim());
    } catch (error) {
      const status = apiErrorStatus(error);
      // any answer from the server (even a refusal) gets the same confirmation; only "no answer" is an error
      if (status === 0 || status === 429) {
        setFailure(status === 429 ? t('continue.too_many') : t('continue.failed'));
        return;
      }
    }
    setSentTo(email.trim());
    requestAnimationFrame(() => doneRef.current?.focus());
  });

  return (
    <section>
      <h1 ref={headingRef} tabIndex={-1}>
        {t('continue.title')}
      </h1>
      {sentTo ? (
        <div ref={doneRef} tabIndex={-1} className="notice notice--success" role="status" data-testid="continue-sent">
          <p>{t('continue.sent', { email: sentTo })}</p>
          <p>{t('continue.sent_hint')}</p>
        </div>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="form">
          <p>{t('continue.intro')}</p>
          {failure && (
            <p className="form__alert" role="alert">
              {failure}
            </p>
          )}
          <TextField
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            error={fieldErrorText(t, errors.email)}
            {...register('email')}
          />
          <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
            {isSubmitting ? t('continue.sending') : t('continue.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
