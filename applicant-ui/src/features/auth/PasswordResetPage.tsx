/**
 * /password/reset/:token?email=… (spec §2, guest only): the page the e-mailed link opens. The e-mail
 * (prefilled from the link), a new password and its confirmation → POST /api/password/reset. An
 * unknown, used or expired link (422 with `errors.email`) is shown as an alert with a link to ask
 * again; other field errors go to their fields; success → the login page with the server's message.
 */
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { resetPassword } from '../../shared/api/auth-api';
import { TextField, fieldErrorText } from '../../shared/ui/form-fields';
import { useHeadingFocus } from '../../shared/ui/usePageHeadingFocus';
import { pathFor } from '../../app/route-names';
import { applyFieldErrors, formFailure } from './form-errors';
import { NewPasswordFields } from './NewPasswordFields';
import { passwordResetSchema, type PasswordResetValues } from './password-reset.schema';
import type { LoginPageState } from './LoginPage';

/** Set-new-password page (default export for lazy loading). */
export default function PasswordResetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const headingRef = useHeadingFocus(null, true);
  const [failure, setFailure] = useState<string | null>(null);
  const [linkInvalid, setLinkInvalid] = useState<string | null>(null);
  const invalidRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordResetValues>({
    resolver: zodResolver(passwordResetSchema),
    defaultValues: { email: params.get('email') ?? '', password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setLinkInvalid(null);
    try {
      const message = await resetPassword({ token, ...values });
      const state: LoginPageState = { status: message, email: values.email };
      void navigate(pathFor('login'), { replace: true, state });
    } catch (error) {
      const result = formFailure(error, t, 'password_reset.set_failed');
      const { email: linkError, ...others } = result.fieldErrors;
      if (result.status === 422 && linkError) {
        // the server's one answer for an unknown, used or expired token, or one sent with another e-mail
        setLinkInvalid(linkError);
        requestAnimationFrame(() => invalidRef.current?.focus());
        return;
      }
      if (applyFieldErrors(setError, others, ['password', 'password_confirmation']).length === 0) setFailure(result.message);
    }
  });

  return (
    <section>
      <h1 ref={headingRef} tabIndex={-1}>
        {t('password_reset.set_title')}
      </h1>
      {linkInvalid && (
        <div ref={invalidRef} tabIndex={-1} className="form__alert" role="alert" data-testid="password-reset-invalid">
          <p>{linkInvalid}</p>
          <p>
            <Link to={pathFor('password-request')}>{t('password_reset.ask_again')}</Link>
          </p>
        </div>
      )}
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="form">
        <p>{t('password_reset.set_intro')}</p>
        {failure && (
          <p className="form__alert" role="alert">
            {failure}
          </p>
        )}
        <TextField
          label={t('password_reset.email')}
          type="email"
          autoComplete="username"
          required
          error={fieldErrorText(t, errors.email)}
          {...register('email')}
        />
        <NewPasswordFields
          password={register('password')}
          confirmation={register('password_confirmation')}
          labels={{ password: t('password_reset.new_password'), confirmation: t('password_reset.new_password_confirmation') }}
          errors={{ password: fieldErrorText(t, errors.password), confirmation: fieldErrorText(t, errors.password_confirmation) }}
        />
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting ? t('password_reset.set_submitting') : t('password_reset.set_submit')}
        </button>
      </form>
      <p className="auth-links">
        <Link to={pathFor('login')}>{t('password_reset.back_to_login')}</Link>
      </p>
    </section>
  );
}
