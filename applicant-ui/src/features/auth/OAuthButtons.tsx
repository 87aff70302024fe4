/**
 * One "Sign in with <Provider>" button per name of GET /api/config `oauthProviders` (nothing when there
 * are none). A press POSTs /api/oauth/{provider} (spec §7) and sends the browser to the answered `url`;
 * the login page's `redirect` is kept in sessionStorage for the landing. A failure (404 for a provider
 * no longer configured, 429, network) is shown in an alert under the buttons.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startOAuth } from '../../shared/api/auth-api';
import { useConfig } from '../../shared/api/useConfig';
import { formFailure } from './form-errors';
import { keepOAuthRedirect, providerLabel } from './oauth';

/** @param redirectTo the login page's `redirect` query, kept for after the round trip */
export function OAuthButtons({ redirectTo }: { redirectTo: string | null }) {
  const { t } = useTranslation();
  const { oauthProviders } = useConfig();
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (oauthProviders.length === 0) return null;

  const start = async (provider: string) => {
    setBusy(provider);
    setFailure(null);
    try {
      const url = await startOAuth(provider);
      keepOAuthRedirect(redirectTo);
      window.location.assign(url);
    } catch (error) {
      setFailure(formFailure(error, t, 'login.oauth_start_failed').message);
      setBusy(null);
    }
  };

  return (
    <div className="oauth" role="group" aria-label={t('login.oauth_group')}>
      <p className="oauth__or">{t('login.or')}</p>
      {oauthProviders.map((provider) => (
        <button
          key={provider}
          type="button"
          className="btn btn--ghost oauth__button"
          disabled={busy !== null}
          aria-busy={busy === provider || undefined}
          onClick={() => void start(provider)}
        >
          {busy === provider ? t('login.oauth_redirecting') : t('login.oauth_button', { provider: providerLabel(provider) })}
        </button>
      ))}
      {failure && (
        <p className="form__alert" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
