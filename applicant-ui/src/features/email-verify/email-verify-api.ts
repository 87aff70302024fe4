/** E-mail verification calls (issue 11 item 1): `POST /api/email/verify` and `POST /api/email/resend`. */
import { api, call, type Schema } from '../../shared/api/client';

/** Answer of both endpoints (contract `EmailVerificationResponse`): a message in the caller's language; `verified` true once the address is verified. */
export type EmailVerificationAnswer = Schema<'EmailVerificationResponse'>;

/** Requests in flight or done, per token: a link works once, so a second mount (React StrictMode) reuses the first answer. */
const verifying = new Map<string, Promise<EmailVerificationAnswer>>();

/**
 * POST /api/email/verify with the token of the e-mailed `/email/verify/:token` link (no login needed).
 * @throws {ApiError} 410 `EMV-001` for an unknown, used or expired link
 */
export function verifyEmail(token: string): Promise<EmailVerificationAnswer> {
  let pending = verifying.get(token);
  if (!pending) {
    pending = call(api.POST('/api/email/verify', { body: { token } }));
    verifying.set(token, pending);
  }
  return pending;
}

/**
 * POST /api/email/resend: e-mails a new link to the logged-in account.
 * @throws {ApiError} 429 `AUTH-429` (Retry-After) when asked again within a minute
 */
export async function resendVerification(): Promise<EmailVerificationAnswer> {
  return call(api.POST('/api/email/resend'));
}
