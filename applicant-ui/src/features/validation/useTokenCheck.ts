/**
 * The entry check of a tokenised link (DESIGN §3), shared by /validation and /decision: once per mount,
 * checks `?token=` (GET /api/token/check), switches to the application's language (unless this device
 * chose one) and hands the answer to `onValid`; no token → invalid-token, a refused token → the page its
 * code calls for (TKN-002 → invalid-application, others → invalid-token).
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { adoptApplicationLocale } from '../../i18n';
import { apiErrorBody, tokenFailureRoute } from '../../shared/api/errors';
import { pathFor } from '../../app/route-names';
import { checkToken, type TokenCheckAnswer } from '../application/api/application-api';

/** Runs the check for `token`; `onValid` gets the answer and the token (read once, at the first run). */
export function useTokenCheck(token: string | null, onValid: (answer: TokenCheckAnswer, token: string) => void): void {
  const navigate = useNavigate();
  const started = useRef(false);
  const handler = useRef(onValid);
  handler.current = onValid;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) {
      void navigate(pathFor('invalid-token'), { replace: true });
      return;
    }
    checkToken(token)
      .then(async (answer) => {
        await adoptApplicationLocale(answer.data.locale).catch(() => undefined);
        handler.current(answer, token);
      })
      .catch((error: unknown) => {
        void navigate(pathFor(tokenFailureRoute(apiErrorBody(error)?.code)), { replace: true });
      });
  }, [token, navigate]);
}
