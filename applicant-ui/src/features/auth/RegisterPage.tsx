/**
 * /register (spec §2, guest only): first name, last name, e-mail, password and its confirmation →
 * POST /api/register. The server's 422 errors are shown on their fields (e.g. an e-mail already
 * registered), a 429 shows the server's message; on success the user is logged in (session cookie)
 * and sent to the safe `redirect` query, else /home (admins to /admin/).
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { register as registerAccount } from '../../shared/api/auth-api';
import { TextField, fieldErrorText } from '../../shared/ui/form-fields';
import { useHeadingFocus } from '../../shared/ui/usePageHeadingFocus';
import { applyFieldErrors, formFailure } from './form-errors';
import { NewPasswordFields } from './NewPasswordFields';
import { pathFor } from '../../app/route-names';
import { postLoginTarget } from './post-login';
import { registerSchema, type RegisterValues } from './register.schema';
import { withRedirect } from './auth-links';
import { PersonNameFields } from '../../shared/ui/NameFields';

const FIELDS = ['first_name', 'last_name', 'email', 'password', 'password_confirmation'] as const;

/** Register page (default export for lazy loading). */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = params.get('redirect');
  const [failure, setFailure] = useState<string | null>(null);
  const headingRef = useHeadingFocus(null, true);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { first_name: '', last_name: '', email: '', password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const user = await registerAccount(values);
      const target = postLoginTarget(user, redirectTo);
      if (target.fullLoad) window.location.assign(target.path);
      else void navigate(target.path, { replace: true });
    } catch (error) {
      const result = formFailure(error, t, 'register.failed');
      const onFields = applyFieldErrors(setError, result.fieldErrors, FIELDS);
      // field errors speak for themselves; the alert is for everything else (429, network…)
      if (onFields.length === 0) setFailure(result.message);
    }
  });

  return (
    <section>
      <h1 ref={headingRef} tabIndex={-1}>
        {t('register.title')}
      </h1>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="form">
        {failure && (
          <p className="form__alert" role="alert">
            {failure}
          </p>
        )}
        <PersonNameFields
          labels={{ given: t('register.first_name'), family: t('register.last_name') }}
          errors={{ given: fieldErrorText(t, errors.first_name), family: fieldErrorText(t, errors.last_name) }}
          given={register('first_name')}
          family={register('last_name')}
        />
        <TextField
          label={t('register.email')}
          type="email"
          autoComplete="email"
          required
          error={fieldErrorText(t, errors.email)}
          {...register('email')}
        />
        <NewPasswordFields
          password={register('password')}
          confirmation={register('password_confirmation')}
          labels={{ password: t('register.password'), confirmation: t('register.password_confirmation') }}
          errors={{ password: fieldErrorText(t, errors.password), confirmation: fieldErrorText(t, errors.password_confirmation) }}
        />
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting ? t('register.submitting') : t('register.submit')}
        </button>
      </form>
      <p className="auth-links">
        {t('register.have_account')} <Link to={withRedirect(pathFor('login'), redirectTo)}>{t('register.login_link')}</Link>
      </p>
    </section>
  );
}
