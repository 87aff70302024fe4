/** How a refused or failed SMTP delivery is recorded (issue 30 item 5). */
export interface SmtpFailure {
  /** `bounced`: the receiving server refused the recipient's address (hard bounce: suppress it); `failed`: anything else. */
  status: 'bounced' | 'failed';
  /** The SMTP reply code (e.g. 550, 451); null when the server never answered (network, timeout). */
  smtpCode: number | null;
  /** The server's answer or the error's message, at most 500 characters. */
  error: string;
  /** True when trying again later may work: a 4xx (temporary) answer, or no answer at all. */
  retryable: boolean;
}

/** The parts of a nodemailer error read here. */
interface NodemailerError {
  responseCode?: unknown;
  response?: unknown;
  command?: unknown;
  code?: unknown;
  message?: unknown;
}

/** Enhanced status codes (RFC 3463) that name the address itself: bad mailbox (5.1.x), mailbox disabled (5.2.1). */
const ADDRESS_STATUS = /\b5\.1\.\d{1,3}\b|\b5\.2\.1\b/;

/**
 * Classifies a delivery error of nodemailer's SMTP transport:
 * - a 5xx answer to `RCPT TO` (nodemailer's `EENVELOPE`), or a 5xx whose enhanced status says the address
 *   is bad (5.1.x, 5.2.1) at any stage → `bounced` (a hard bounce), not retryable;
 * - another 5xx (e.g. 535 authentication, 554 content refused at DATA) → `failed`, not retryable: the
 *   portal's problem, not the address's, so the address is not suppressed;
 * - a 4xx (greylisting, mailbox busy) or no answer (connection refused, timeout) → `failed`, retryable.
 */
export function classifySmtpError(error: unknown): SmtpFailure {
  const e = (typeof error === 'object' && error !== null ? error : {}) as NodemailerError;
  const code = typeof e.responseCode === 'number' && e.responseCode >= 200 && e.responseCode < 600 ? e.responseCode : null;
  const answer = typeof e.response === 'string' && e.response ? e.response : String(e.message ?? error);
  const text = answer.slice(0, 500);
  if (code !== null && code >= 500) {
    const atRecipient = e.code === 'EENVELOPE' || (typeof e.command === 'string' && /^RCPT\b/i.test(e.command));
    return { status: atRecipient || ADDRESS_STATUS.test(answer) ? 'bounced' : 'failed', smtpCode: code, error: text, retryable: false };
  }
  return { status: 'failed', smtpCode: code, error: text, retryable: true };
}
