/**
 * /login (login-style layout): e-mail, password, remember me → POST /api/login, token cookie
 * (365 days when remembered, else session), GET /api/user; then the `redirect` query when it is a
 * same-site path (full page load for /admin/), else admins → /admin/ and others → /home.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { login } from '../../shared/api/auth-api';
import { apiErrorBody } from '../../shared/api/errors';
import { CheckboxField, TextField, fieldErrorText } from '../../shared/ui/form-fields';
import { useHeadingFocus } from '../../shared/ui/usePageHeadingFocus';
import { isSafeRedirect, pathFor } from '../../app/route-names';
import { loginSchema, type LoginValues } from './login.schema';

/** Login page. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const headingRef = useHeadingFocus(null, true);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '', remember: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const user = await login(values.email, values.password, values.remember);
      const target = params.get('redirect');
      if (isSafeRedirect(target)) {
        if (target.startsWith('/admin')) window.location.assign(target);
        else void navigate(target, { replace: true });
      } else if (user.role === 'admin') {
        window.location.assign('/admin/');
      } else {
        void navigate(pathFor('home'), { replace: true });
      }
    } catch (error) {
      const body = apiErrorBody(error);
      if (body?.errors) {
        for (const [field, messages] of Object.entries(body.errors)) {
          if (field === 'email' || field === 'password') setError(field, { type: 'server', message: messages[0] ?? '' });
        }
      }
      setFailure(body?.message ?? t('login.failed'));
    }
  });

  return (
    <section>
      <h1 ref={headingRef} tabIndex={-1}>
        {t('login.title')}
      </h1>
      <form onSubmit={onSubmit} noValidate className="form">
        {failure && (
          <p className="form__alert" role="alert">
            {failure}
          </p>
        )}
        <TextField
          label={t('login.email')}
          type="email"
          autoComplete="email"
          required
          error={fieldErrorText(t, errors.email)}
          {...register('email')}
        />
        <TextField
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          required
          error={fieldErrorText(t, errors.password)}
          {...register('password')}
        />
        <CheckboxField label={t('login.remember')} {...register('remember')} />
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
    </section>
  );
}
