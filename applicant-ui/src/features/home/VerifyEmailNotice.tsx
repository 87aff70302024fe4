/**
 * The home page's notice while the account's address is not verified (issue 11 item 1): explains that
 * applications started with the address appear once it is verified, and sends a new link on request
 * (POST /api/email/resend; the server's message, or its 429 wait, is shown).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorBody } from '../../shared/api/errors';
import { resendVerification } from '../email-verify/email-verify-api';

/** Props of {@link VerifyEmailNotice}. */
export interface VerifyEmailNoticeProps {
  /** The account's address, named in the text. */
  email: string;
}

/** Notice with a "send the link again" button. */
export function VerifyEmailNotice({ email }: VerifyEmailNoticeProps) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);

  const resend = async () => {
    setSending(true);
    try {
      const result = await resendVerification();
      setAnswer({ ok: true, message: result.message });
    } catch (error) {
      setAnswer({ ok: false, message: apiErrorBody(error)?.message ?? t('email_verify.resend_failed') });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="notice" data-testid="verify-email-notice">
      <p>{t('email_verify.notice', { email })}</p>
      <button type="button" className="btn btn--ghost" disabled={sending} onClick={() => void resend()}>
        {sending ? t('email_verify.resending') : t('email_verify.resend')}
      </button>
      {answer && (
        <p className={answer.ok ? 'field__hint' : 'form__alert'} role={answer.ok ? 'status' : 'alert'}>
          {answer.message}
        </p>
      )}
    </div>
  );
}
