/**
 * /email/verify/:token (issue 11 item 1): the page the verification e-mail links to. It sends the token
 * (POST /api/email/verify) at once; success shows the server's message and, when logged in, refreshes
 * the user and offers the home page (whose applications now include those started with the address).
 * An unknown, used or expired link (410 EMV-001) shows the server's message and the way to a new link.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { fetchUser } from '../../shared/api/auth-api';
import { authStore } from '../../shared/api/auth-store';
import { apiErrorBody } from '../../shared/api/errors';
import { useHeadingFocus } from '../../shared/ui/usePageHeadingFocus';
import { pathFor } from '../../app/route-names';
import { verifyEmail } from './email-verify-api';

type State = { kind: 'pending' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

/** E-mail verification landing page (default export for lazy loading). */
export default function EmailVerifyPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const user = useSyncExternalStore(authStore.subscribe, authStore.getUser);
  const headingRef = useHeadingFocus(null, true);
  const [state, setState] = useState<State>({ kind: 'pending' });

  useEffect(() => {
    let alive = true;
    verifyEmail(token)
      .then(async (answer) => {
        if (authStore.getUser()) await fetchUser().catch(() => undefined);
        if (alive) setState({ kind: 'done', message: answer.message });
      })
      .catch((error: unknown) => {
        if (alive) setState({ kind: 'failed', message: apiErrorBody(error)?.message ?? t('email_verify.failed') });
      });
    return () => {
      alive = false;
    };
  }, [token, t]);

  return (
    <section className="status-page">
      <h1 ref={headingRef} tabIndex={-1}>
        {t('email_verify.title')}
      </h1>
      {state.kind === 'pending' && (
        <p className="loading" role="status">
          {t('email_verify.checking')}
        </p>
      )}
      {state.kind === 'done' && (
        <p role="status" data-testid="email-verified">
          {state.message}
        </p>
      )}
      {state.kind === 'failed' && (
        <div className="form__alert" role="alert" data-testid="email-verify-failed">
          <p>{state.message}</p>
        </div>
      )}
      {state.kind !== 'pending' && (
        <p className="actions">
          <Link className="btn btn--primary" to={user ? pathFor('home') : pathFor('login')}>
            {user ? t('email_verify.to_home') : t('email_verify.to_login')}
          </Link>
        </p>
      )}
    </section>
  );
}
