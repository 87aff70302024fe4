/**
 * One `requestId` per payment attempt (DESIGN §7): generated when the applicant pays, and reused —
 * with the very same body, hence the same single-use card token — when the outcome of that attempt
 * is unknown ({@link isUnknownOutcome}), so that a retry can never charge twice.
 * Any definite answer (approved, declined, gateway error, bad code…) ends the attempt; the next
 * payment gets a fresh `requestId` and a fresh card token.
 */
import { apiErrorBody, apiErrorStatus } from '../../shared/api/errors';
import type { PaymentBody, PaymentRecord } from './payment-api';

/**
 * True when a failed call may or may not have charged the card, so the same attempt (same requestId,
 * same card token) must be sent again: no answer at all; `PAY-409-request` (that attempt is still with
 * the gateway); `PAY-002` whose attempt is `unknown` or `pending` (the server settles it on a replay);
 * or a 5xx without a payment code.
 */
export function isUnknownOutcome(error: unknown): boolean {
  const status = apiErrorStatus(error);
  if (status === 0) return true;
  const body = apiErrorBody(error);
  const code = body?.code ?? '';
  if (code === 'PAY-409-request') return true;
  if (code === 'PAY-002') {
    const attempt = (body?.data ?? null) as { status?: unknown } | null;
    return attempt?.status === 'unknown' || attempt?.status === 'pending';
  }
  return status >= 500 && !code.startsWith('PAY-');
}

/**
 * Sends payments, keeping the attempt whose outcome is unknown. The body and answer types default to the
 * application fee's; the enrollment deposit (issue 29 item 2) uses its own.
 */
export class PaymentAttempts<B extends { requestId: string } = PaymentBody, R = PaymentRecord> {
  private pending: B | null = null;

  constructor(
    private readonly post: (body: B) => Promise<R>,
    private readonly newId: () => string = () => crypto.randomUUID(),
  ) {}

  /** True while an attempt with an unknown outcome waits to be retried. */
  get hasPending(): boolean {
    return this.pending !== null;
  }

  /** The requestId of the pending attempt, if any. */
  get pendingRequestId(): string | null {
    return this.pending?.requestId ?? null;
  }

  /**
   * Pays: retries the pending attempt unchanged if there is one, otherwise builds a new body
   * (`build` gets the fresh requestId; it may tokenise the card) and sends it.
   */
  async pay(build: (requestId: string) => Promise<B> | B): Promise<R> {
    const body = this.pending ?? (await build(this.newId()));
    this.pending = body;
    try {
      const record = await this.post(body);
      this.pending = null;
      return record;
    } catch (error) {
      if (!isUnknownOutcome(error)) this.pending = null;
      throw error;
    }
  }

  /** Forgets the pending attempt (after the server confirmed its outcome another way). */
  reset(): void {
    this.pending = null;
  }
}
