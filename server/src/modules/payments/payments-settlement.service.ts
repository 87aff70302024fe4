import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { JobsService } from '../jobs/jobs.service.js';
import { Payment } from './payment.entity.js';
import { abandonedPendingBefore, OPEN_PAYMENT_STATUSES, PaymentsService, SETTLE_GRACE_MS } from './payments.service.js';

/** pg-boss queue of the settlement job (shown on the admin Jobs view). */
export const PAYMENT_SETTLE_QUEUE = 'payments-settlement';

/** What one settlement run did: attempts it asked the gateway about, by what they are afterwards. */
export interface SettlementReport {
  /** Attempts claimed and looked up at the gateway. */
  checked: number;
  /** Found charged: Payment_Status `Paid`, application submitted, receipt e-mailed. */
  approved: number;
  /** Found declined: Payment_Status `Declined`. */
  declined: number;
  /** No charge at the gateway: `rejected`, Payment_Status `Unpaid` (the applicant may pay again). */
  noCharge: number;
  /** Still held for review by the processor (Payment_Status stays `Pending`). */
  held: number;
  /** The gateway could not tell (still down): left as it was, asked again on a later run. */
  unknown: number;
  /** Lookups that threw (database trouble); the attempt is left as it was and asked again later. */
  failed: number;
}

/**
 * Settles payment attempts whose outcome nobody is waiting for (DESIGN §7; docs/api.md "Payments"):
 * `unknown` ones (gateway timeout, 5xx, unreadable answer) once `SETTLE_GRACE_MS` after their last change,
 * `held` ones (fraud review) at once, and `pending` ones abandoned by a request that died mid-charge — so an
 * applicant who never comes back is not left Pending, or charged without a receipt.
 *
 * Each attempt is settled by {@link PaymentsService.settle}, the same step the retry path uses. Runs every
 * `PAYMENT_SETTLE_INTERVAL_SECONDS` (0: off) as the periodic pg-boss job {@link PAYMENT_SETTLE_QUEUE} (one job
 * per period across replicas; see JobsService). Runs called directly share the work too: each
 * attempt is claimed alone by an `UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP LOCKED)`, which stamps
 * `settle_checked_at` and counts `settle_checks`; a claimed attempt is not claimed again for a lease
 * (longer than a lookup can take), so two settlers never ask about the same attempt in one period, and no
 * transaction stays open while the gateway is asked.
 */
@Injectable()
export class PaymentsSettlementService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(PaymentsSettlementService.name);
  /** Set on shutdown: a run finishes the attempt in hand and claims no more. */
  private stopping = false;

  constructor(
    private readonly payments: PaymentsService,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
  ) {}

  /**
   * Defines the settlement queue; periodic every `PAYMENT_SETTLE_INTERVAL_SECONDS` unless that is 0 (then the
   * queue exists, shown with zero counts, but nothing offers jobs to it). One run at a time (singleton policy).
   */
  onModuleInit(): void {
    this.jobs.define({
      queue: PAYMENT_SETTLE_QUEUE,
      everySeconds: this.config.PAYMENT_SETTLE_INTERVAL_SECONDS,
      policy: 'singleton',
      handler: () => this.settlePending(),
    });
  }

  /** On shutdown a run in progress finishes the attempt in hand and claims no more (pg-boss waits for it). */
  onModuleDestroy(): void {
    this.stopping = true;
  }

  /**
   * How long (ms) a claimed attempt is not claimed again: `SETTLE_GRACE_MS` or four gateway timeouts
   * (a lookup is three or more calls), whichever is longer.
   */
  get leaseMs(): number {
    return Math.max(SETTLE_GRACE_MS, 4 * this.config.PAYMENT_GATEWAY_TIMEOUT_MS);
  }

  /**
   * One settlement run (the interval calls it; tests call it directly): claims due attempts one at a time
   * and settles each with the gateway until none is left, then logs a summary line.
   * @param now the current time (tests pass a later one instead of waiting out the grace period or the lease)
   * @returns the counts of the run
   */
  async settlePending(now: Date = new Date()): Promise<SettlementReport> {
    const report: SettlementReport = { checked: 0, approved: 0, declined: 0, noCharge: 0, held: 0, unknown: 0, failed: 0 };
    while (!this.stopping) {
      const id = await this.claimNext(now);
      if (!id) break;
      const row = await this.dataSource.getRepository(Payment).findOneBy({ id });
      if (!row || !(OPEN_PAYMENT_STATUSES as readonly string[]).includes(row.status)) continue; // settled meanwhile
      report.checked++;
      try {
        const after = await this.payments.settle(row);
        if (after.status === 'approved') report.approved++;
        else if (after.status === 'declined') report.declined++;
        else if (after.status === 'rejected') report.noCharge++;
        else if (after.status === 'held') report.held++;
        else report.unknown++;
      } catch (error) {
        report.failed++;
        this.logger.error(`Settling payment ${row.requestId} of application ${row.applicationId} failed: ${String(error)}`);
      }
    }
    const line =
      `Payment settlement: ${report.checked} checked; approved ${report.approved}, declined ${report.declined}, ` +
      `no charge ${report.noCharge}, still held ${report.held}, still unknown ${report.unknown}, failed ${report.failed}`;
    if (report.checked) this.logger.log(line);
    else this.logger.debug(line);
    return report;
  }

  /**
   * Claims the next due attempt, skipping any another settler holds: stamps `settle_checked_at = now`,
   * counts `settle_checks`, and commits at once (one statement).
   * @returns its id, or undefined when none is due
   */
  private async claimNext(now: Date): Promise<string | undefined> {
    const rows = (await this.dataSource.query(
      `UPDATE payments SET settle_checks = settle_checks + 1, settle_checked_at = $1
        WHERE id = (
          SELECT id FROM payments
           WHERE ((status = 'unknown' AND updated_at <= $2) OR status = 'held' OR (status = 'pending' AND created_at <= $3))
             AND (settle_checked_at IS NULL OR settle_checked_at <= $4)
           ORDER BY updated_at
           LIMIT 1
           FOR UPDATE SKIP LOCKED)
        RETURNING id`,
      [now, new Date(now.getTime() - SETTLE_GRACE_MS), abandonedPendingBefore(now, this.config), new Date(now.getTime() - this.leaseMs)],
    )) as [{ id: string }[], number];
    return rows[0][0]?.id;
  }
}
