/**
 * /password/reset (spec §2, guest only, login-style layout): asks for a reset link by e-mail
 * (POST /api/password/email). The server answers the same whether or not the address has an account,
 * and the page shows that answer as it comes (role=status, focused), so it never tells who is
 * registered. A 429 or a network failure is shown in the form's alert.
 */
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { requestPasswordReset } from '../../shared/api/auth-api';
import { TextField, fieldErrorText } from '../../shared/ui/form-fields';
import { useHeadingFocus } from '../../shared/ui/usePageHeadingFocus';
import { pathFor } from '../../app/route-names';
import { applyFieldErrors, formFailure } from './form-errors';
import { passwordRequestSchema, type PasswordRequestValues } from './password-request.schema';

/** Password reset request page (default export for lazy loading). */
export default function PasswordRequestPage() {
  const { t } = useTranslation();
  const headingRef = useHeadingFocus(null, true);
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordRequestValues>({ resolver: zodResolver(passwordRequestSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      setSent(await requestPasswordReset(email));
      requestAnimationFrame(() => doneRef.current?.focus());
    } catch (error) {
      const result = formFailure(error, t, 'password_reset.request_failed');
      if (applyFieldErrors(setError, result.fieldErrors, ['email']).length === 0) setFailure(result.message);
    }
  });

  return (
    <section>
      <h1 ref={headingRef} tabIndex={-1}>
        {t('password_reset.request_title')}
      </h1>
      {sent ? (
        <div ref={doneRef} tabIndex={-1} className="notice notice--success" role="status" data-testid="password-reset-sent">
          <p>{sent}</p>
        </div>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="form">
          <p>{t('password_reset.request_intro')}</p>
          {failure && (
            <p className="form__alert" role="alert">
              {failure}
            </p>
          )}
          <TextField
            label={t('password_reset.email')}
            type="email"
            autoComplete="email"
            required
            error={fieldErrorText(t, errors.email)}
            {...register('email')}
          />
          <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
            {isSubmitting ? t('password_reset.request_sending') : t('password_reset.request_submit')}
          </button>
        </form>
      )}
      <p className="auth-links">
        <Link to={pathFor('login')}>{t('password_reset.back_to_login')}</Link>
      </p>
    </section>
  );
}
