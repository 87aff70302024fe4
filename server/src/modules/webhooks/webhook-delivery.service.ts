import { HttpStatus, Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { ApiException } from '../../common/errors/api.exception.js';
import { APP_CONFIG, outboundMayReachPrivateHosts, type AppConfig } from '../../config/app-config.js';
import { postJson } from '../../common/net/outbound-policy.js';
import { JobsService } from '../jobs/jobs.service.js';
import { WebhooksRepository, type ClaimedDelivery } from './webhooks.repository.js';

/** pg-boss queue of single delivery attempts (`{ deliveryId }`). */
export const DELIVERY_QUEUE = 'webhook-delivery';
/** pg-boss queue of the periodic sweeper. */
export const SWEEP_QUEUE = 'webhook-sweep';
/** Longest gap between two automatic tries. */
const MAX_DELAY_SECONDS = 12 * 3600;

/** What one attempt got. */
export interface AttemptOutcome {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * Delivers webhook events (issue 14 item 5): one pg-boss job per attempt of an event × endpoint. An
 * attempt claims its delivery (so duplicated jobs never send twice at once), POSTs the payload signed per
 * Standard Webhooks (`webhook-id` = event id, `webhook-timestamp`, `webhook-signature` `v1,<base64
 * HMAC-SHA256>` by the `standardwebhooks` library), logs the try, and on anything but a 2xx schedules
 * the next one: WEBHOOK_RETRY_BASE_SECONDS doubled per try (±10 % jitter, at most 12 h) until
 * WEBHOOK_RETRY_WINDOW_SECONDS (3 days) after the event, then `failed`. The sweeper (every
 * WEBHOOK_SWEEP_SECONDS) queues deliveries whose job was never queued (a crash between commit and
 * queueing) or was lost (a crash during an attempt).
 */
@Injectable()
export class WebhookDeliveryService implements OnModuleInit {
  private readonly logger = new Logger(WebhookDeliveryService.name);

  constructor(
    private readonly repository: WebhooksRepository,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.define<{ deliveryId?: string }>({
      queue: DELIVERY_QUEUE,
      // the schedule is ours (back-off over 3 days, logged per try): pg-boss runs each job once
      retry: { retryLimit: 0, retryDelay: 0, retryBackoff: false },
      // a slow receiver (up to WEBHOOK_TIMEOUT_MS) holds one worker, not every delivery of the replica
      workers: 4,
      handler: async ({ deliveryId }) => {
        if (deliveryId) await this.attempt(deliveryId, false);
      },
    });
    // not `singleton`: a sweep left `active` by a killed process would block every later one until pg-boss
    // expires it (15 min), exactly when the sweeper is needed; two sweeps at once are safe (SKIP LOCKED)
    this.jobs.define({ queue: SWEEP_QUEUE, everySeconds: this.config.WEBHOOK_SWEEP_SECONDS, handler: () => this.sweep() });
  }

  /** Queues a job for every delivery that needs one (see {@link WebhooksRepository.claimUnqueued}). @returns how many */
  async dispatch(): Promise<number> {
    const due = await this.repository.claimUnqueued(this.config.WEBHOOK_REQUEUE_AFTER_SECONDS);
    for (const { id, nextAttemptAt } of due) {
      await this.jobs.send(DELIVERY_QUEUE, { deliveryId: id }, nextAttemptAt > new Date() ? { startAfter: nextAttemptAt } : {});
    }
    return due.length;
  }

  /** The sweeper's run: {@link dispatch}, logging what it picked up. */
  async sweep(): Promise<{ queued: number }> {
    const queued = await this.dispatch();
    if (queued) this.logger.log(`Webhook sweeper queued ${queued} deliveries`);
    return { queued };
  }

  /**
   * One attempt of a delivery.
   * @param manual a redelivery asked for in the console: tried whatever its state; a settled delivery
   *   that fails again keeps its state (no automatic tries), one that succeeds becomes `succeeded`
   * @returns the outcome, or null when the delivery was not to be tried (not due, in another attempt, gone)
   */
  async attempt(deliveryId: string, manual: boolean): Promise<AttemptOutcome | null> {
    // longer than one attempt can take (the timeout plus the log writes); a crash mid-attempt frees it then
    const lockSeconds = Math.ceil(this.config.WEBHOOK_TIMEOUT_MS / 1000) + 5;
    const delivery = await this.repository.claim(deliveryId, lockSeconds, manual);
    if (!delivery) return null;
    if (!delivery.enabled && !manual) {
      await this.repository.fail(delivery.id, 'endpoint disabled');
      return null;
    }
    const outcome = await this.send(delivery);
    const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    let next: 'succeeded' | 'failed' | Date = 'succeeded';
    // a failed redelivery leaves a settled delivery as it was (succeeded stays succeeded: it was received once)
    if (!ok) next = manual && delivery.status !== 'pending' ? delivery.status : this.nextTry(delivery);
    await this.repository.finish(delivery.id, { ...outcome, manual }, next);
    if (next instanceof Date) await this.dispatch();
    return outcome;
  }

  /**
   * Redelivers one delivery now (console), whatever its state.
   * @throws ApiException 404 REQ-404 unknown delivery; 409 WHK-409 while an attempt is in progress
   */
  async redeliver(deliveryId: string): Promise<AttemptOutcome> {
    if (!/^[0-9a-f-]{36}$/i.test(deliveryId) || !(await this.repository.delivery(deliveryId))) {
      throw new ApiException(HttpStatus.NOT_FOUND, 'REQ-404');
    }
    const outcome = await this.attempt(deliveryId, true);
    if (!outcome) throw new ApiException(HttpStatus.CONFLICT, 'WHK-409');
    return outcome;
  }

  /** When to try again after a failure, or `failed` past the retry window. */
  private nextTry(delivery: ClaimedDelivery): Date | 'failed' {
    const tries = delivery.attempts + 1;
    const delay = Math.min(this.config.WEBHOOK_RETRY_BASE_SECONDS * 2 ** (tries - 1), MAX_DELAY_SECONDS) * (0.9 + Math.random() * 0.2);
    const at = new Date(Date.now() + delay * 1000);
    const deadline = delivery.eventCreatedAt.getTime() + this.config.WEBHOOK_RETRY_WINDOW_SECONDS * 1000;
    return at.getTime() > deadline ? 'failed' : at;
  }

  /** POSTs the signed payload; never throws (a network error or timeout is an outcome without status). */
  private async send(delivery: ClaimedDelivery): Promise<AttemptOutcome> {
    const body = JSON.stringify(delivery.payload);
    const now = new Date();
    const signature = new Webhook(delivery.secret).sign(delivery.eventId, now, body);
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      // through a filtering agent: the address connected to must be public (issue 26), no redirect followed
      const response = await postJson(
        delivery.url,
        {
          'content-type': 'application/json',
          'user-agent': 'admissions-portal-webhooks/1',
          'webhook-id': delivery.eventId,
          'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
          'webhook-signature': signature,
        },
        body,
        this.config.WEBHOOK_TIMEOUT_MS,
        outboundMayReachPrivateHosts(this.config),
      );
      return { statusCode: response.status, durationMs: elapsed(), error: response.ok ? null : `HTTP ${response.status}` };
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? `timeout after ${this.config.WEBHOOK_TIMEOUT_MS} ms` : errorText(error);
      this.logger.warn(`Webhook delivery ${delivery.id} to ${new URL(delivery.url).origin} failed: ${reason}`);
      return { statusCode: null, durationMs: elapsed(), error: reason };
    }
  }
}

/** A network error's most telling message (its code, e.g. ECONNREFUSED, or the filter's refusal). */
function errorText(error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const text = /is not allowed/.test(message) ? 'refused: the receiver is on a private address' : (code ?? message);
  return text.slice(0, 500);
}
