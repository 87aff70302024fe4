/**
 * /login (login-style layout, guest only; spec §2, §4): e-mail, password, remember me → POST /api/login,
 * token cookie (365 days when remembered, else a session cookie), GET /api/user; then the `redirect`
 * query when it is a same-site path (full page load for /admin/), else admins → /admin/ and others →
 * /home. Also the OAuth sign-in buttons and the OAuth landing (the loader signs in from the
 * `#oauth_token` fragment; an `#oauth_error` code arrives here as a localised message), the status
 * message of a finished password reset (router state), a 429's server message, and links to
 * /register and /password/reset.
 */
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLoaderData, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { login } from '../../shared/api/auth-api';
import { CheckboxField, TextField, fieldErrorText } from '../../shared/ui/form-fields';
import { useHeadingFocus } from '../../shared/ui/usePageHeadingFocus';
import { pathFor } from '../../app/route-names';
import { withRedirect } from './auth-links';
import { applyFieldErrors, formFailure } from './form-errors';
import type { LoginLoaderData } from './login-loader';
import { loginSchema, type LoginValues } from './login.schema';
import { OAuthButtons } from './OAuthButtons';
import { oauthErrorKey } from './oauth';
import { postLoginTarget } from './post-login';

/** Router state other pages pass to /login: a status message (e.g. "password reset") and the e-mail to prefill. */
export interface LoginPageState {
  status?: string;
  email?: string;
}

/** Login page. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = params.get('redirect');
  const { oauthError } = (useLoaderData() as LoginLoaderData | undefined) ?? { oauthError: null };
  const state = (useLocation().state ?? {}) as LoginPageState;
  const [failure, setFailure] = useState<string | null>(oauthError ? t(oauthErrorKey(oauthError)) : null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  const headingRef = useHeadingFocus(null, true);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: state.email ?? '', password: '', remember: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const user = await login(values.email, values.password, values.remember);
      const target = postLoginTarget(user, redirectTo);
      if (target.fullLoad) window.location.assign(target.path);
      else void navigate(target.path, { replace: true });
    } catch (error) {
      const result = formFailure(error, t, 'login.failed');
      applyFieldErrors(setError, result.fieldErrors, ['email', 'password']);
      // 401 (wrong e-mail or password) and 429 (too many attempts, with the wait) come as the server's message
      setFailure(result.message);
      requestAnimationFrame(() => failureRef.current?.focus());
    }
  });

  return (
    <section>
      <h1 ref={headingRef} tabIndex={-1}>
        {t('login.title')}
      </h1>
      {state.status && !failure && (
        <p className="notice notice--success" role="status" data-testid="login-status">
          {state.status}
        </p>
      )}
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="form">
        {failure && (
          <p ref={failureRef} tabIndex={-1} className="form__alert" role="alert" data-testid="login-failure">
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
        <CheckboxField label={t('login.remember')} hint={t('login.remember_hint')} {...register('remember')} />
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
      <p className="auth-links">
        <Link to={pathFor('password-request')}>{t('login.forgot_link')}</Link>
      </p>
      <OAuthButtons redirectTo={redirectTo} />
      <p className="auth-links">
        {t('login.no_account')} <Link to={withRedirect(pathFor('register'), redirectTo)}>{t('login.register_link')}</Link>
      </p>
    </section>
  );
}
