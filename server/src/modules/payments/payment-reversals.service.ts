import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ApiException, fieldError } from '../../common/errors/api.exception.js';
import { centsToDecimalString } from '../../common/money/money.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AuditService } from '../admin/audit.service.js';
import { ProgramsService } from '../programs/programs.service.js';
import type { User } from '../users/user.entity.js';
import { WebhookOutboxService } from '../webhooks/webhook-outbox.service.js';
import { AdminPaymentsService } from './admin-payments.service.js';
import type { AdminPaymentResponse, PaymentReversalDto } from './dto/admin-payment.dto.js';
import { PAYMENT_GATEWAY, REFUND_NOT_SETTLED, type PaymentGateway, type ReversalResult } from './gateway/payment-gateway.js';
import { Payment } from './payment.entity.js';
import { PaymentsService, SETTLE_GRACE_MS } from './payments.service.js';

/** How an admin reverses a charge through the gateway: a refund (settled charges) or a void (unsettled ones). */
export type ReversalKind = 'refund' | 'void';

const UUID = /^[0-9a-f-]{36}$/i;

/** The reversal fields of a payment, as the audit log records them before and after. */
function reversalState(row: Payment) {
  return {
    purpose: row.purpose,
    status: row.status,
    totalCents: row.totalCents,
    currency: row.currency,
    transactionId: row.transactionId,
    reversalKind: row.reversalKind,
    reversedAt: row.reversedAt?.toISOString() ?? null,
    reversalTransactionId: row.reversalTransactionId,
    reversalNote: row.reversalNote,
  };
}

/**
 * An admin's refund or void of a charge through the gateway interface (issue 29 item 2; docs/api.md "Deposits"):
 * `POST /api/admin/payments/{id}/refund` for a settled charge, `…/void` for one not settled yet (the gateway
 * decides: a refund of an unsettled charge is refused with 409 PAY-409-unsettled — void it instead). Any purpose:
 * a refunded or voided application fee sets Payment_Status `Refunded`; a deposit sets `deposit_status` refunded /
 * voided (with `deposit_refunded_at`) and is sent as `deposit.refunded`. A deposit of an offering that is not
 * refundable needs `override` and a note (the office's exception).
 *
 * Money moves once: the reversal is first claimed on the payment row by one conditional UPDATE (approved, not
 * reversed, no claim younger than the lease), so a double click or a second admin gets 409 PAY-409-request
 * while the gateway is asked, and no transaction stays open meanwhile. Approved: the payment, the application,
 * the audit entry (`refund` / `void`, resource `payments`) and the webhook event commit together. Refused: the
 * claim is released with the gateway's reason. Unknown (timeout, 5xx): the claim is kept for the lease and the
 * admin is told to check the gateway before trying again (502 PAY-002-reversal).
 */
@Injectable()
export class PaymentReversalsService {
  private readonly logger = new Logger(PaymentReversalsService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditService,
    private readonly outbox: WebhookOutboxService,
    private readonly programs: ProgramsService,
    private readonly payments: PaymentsService,
    private readonly list: AdminPaymentsService,
  ) {}

  /** How long (ms) a claimed reversal keeps others out: as long as a settlement claim (a gateway call and then some). */
  get leaseMs(): number {
    return Math.max(SETTLE_GRACE_MS, 4 * this.config.PAYMENT_GATEWAY_TIMEOUT_MS);
  }

  /**
   * Refunds or voids payment `id`.
   * @returns the payment as the console's list shows it, reversed
   * @throws ApiException 404 REQ-404 (no such payment); 409 PAY-409-not-charged (not an approved charge: waived,
   *         declined, open…), PAY-409-reversed (already refunded or voided), DEP-409-not-refundable (a deposit of a
   *         non-refundable offering without `override`), PAY-409-request (a reversal of it is under way),
   *         PAY-409-unsettled (refund refused: not settled yet, void it), PAY-409-refused (the gateway said no;
   *         `data.errorCode`, `data.errorText`); 422 VAL-001 `errors.note` (an override without a note);
   *         502 PAY-002-reversal (no answer from the gateway: it may or may not have happened)
   */
  async reverse(id: string, kind: ReversalKind, dto: PaymentReversalDto, actor: User): Promise<AdminPaymentResponse> {
    const row = UUID.test(id) ? await this.db.getRepository(Payment).findOneBy({ id }) : null;
    if (!row) throw new ApiException(HttpStatus.NOT_FOUND, 'REQ-404');
    if (row.status === 'refunded' || row.status === 'voided') throw new ApiException(HttpStatus.CONFLICT, 'PAY-409-reversed');
    if (row.status !== 'approved' || !row.transactionId) throw new ApiException(HttpStatus.CONFLICT, 'PAY-409-not-charged');
    const note = dto.note?.trim() || null;
    if (row.purpose === 'enrollment_deposit' && !(await this.refundable(row.applicationId))) {
      if (!dto.override) throw new ApiException(HttpStatus.CONFLICT, 'DEP-409-not-refundable');
      if (!note) throw fieldError('note', 'errors.DEP-422-override-note');
    }

    const answer = (await this.db.query(
      `UPDATE payments SET reversal_claimed_at = now(), reversal_kind = NULL, reversal_error = NULL
        WHERE id = $1 AND status = 'approved' AND reversed_at IS NULL
          AND (reversal_claimed_at IS NULL OR reversal_claimed_at <= now() - make_interval(secs => $2))
        RETURNING id`,
      [id, this.leaseMs / 1000],
    )) as [unknown[], number] | unknown[];
    const claimed = Array.isArray(answer[0]) ? (answer[0] as unknown[]) : answer;
    if (claimed.length !== 1) throw new ApiException(HttpStatus.CONFLICT, 'PAY-409-request');

    const request = {
      transactionId: row.transactionId,
      amount: centsToDecimalString(row.totalCents),
      currency: row.currency,
      accountNumber: row.accountNumber,
      invoiceNumber: row.invoiceNumber,
      refId: `${kind === 'refund' ? 'R' : 'V'}${row.id.replace(/-/g, '')}`.slice(0, 20),
    };
    const result: ReversalResult = kind === 'refund' ? await this.gateway.refund(request) : await this.gateway.void(request);

    if (result.outcome !== 'approved') {
      const error = [result.errorCode, result.errorText].filter(Boolean).join(' ') || result.outcome;
      // refused: anyone may try again at once; unknown: the claim stands for the lease (check the gateway first)
      await this.db.query(
        `UPDATE payments SET reversal_error = $2, reversal_claimed_at = CASE WHEN $3 THEN NULL ELSE reversal_claimed_at END WHERE id = $1`,
        [id, `${kind}: ${error}`, result.outcome === 'refused'],
      );
      this.logger.warn(`${kind} of payment ${row.requestId} (application ${row.applicationId}) ${result.outcome}: ${error}`);
      if (result.outcome === 'unknown') throw new ApiException(HttpStatus.BAD_GATEWAY, 'PAY-002-reversal', { data: { kind } });
      const data = { kind, errorCode: result.errorCode ?? null, errorText: result.errorText ?? null };
      if (kind === 'refund' && result.errorCode === REFUND_NOT_SETTLED)
        throw new ApiException(HttpStatus.CONFLICT, 'PAY-409-unsettled', { data });
      throw new ApiException(HttpStatus.CONFLICT, 'PAY-409-refused', { params: { reason: result.errorText ?? error }, data });
    }

    await this.db.transaction(async (manager) => {
      const payments = manager.getRepository(Payment);
      const before = reversalState(row);
      await manager.query(
        `UPDATE payments SET status = $2, reversal_kind = $3, reversed_at = now(), reversal_transaction_id = $4, reversed_by = $5,
                reversal_note = $6, reversal_claimed_at = NULL, reversal_error = NULL, updated_at = now()
          WHERE id = $1`,
        [id, kind === 'refund' ? 'refunded' : 'voided', kind, result.transactionId ?? null, actor.id, note],
      );
      if (row.purpose === 'enrollment_deposit') {
        await manager.query(
          `UPDATE applications SET deposit_status = $2, deposit_refunded_at = now(), version = version + 1, updated_at = now() WHERE id = $1`,
          [row.applicationId, kind === 'refund' ? 'refunded' : 'voided'],
        );
      } else {
        await manager.query(
          `UPDATE applications SET payment_status = 'Refunded', version = version + 1, updated_at = now() WHERE id = $1`,
          [row.applicationId],
        );
      }
      const after = reversalState(await payments.findOneByOrFail({ id }));
      await this.audit.record(
        {
          actor,
          action: kind,
          resource: 'payments',
          recordId: id,
          before,
          after: { ...after, applicationId: row.applicationId, override: dto.override === true },
        },
        manager,
      );
      if (row.purpose === 'enrollment_deposit')
        await this.outbox.record(manager, 'deposit.refunded', row.applicationId, await this.payments.webhookPayment(manager, id));
    });
    this.logger.log(
      `Payment ${row.requestId} of application ${row.applicationId} ${kind === 'refund' ? 'refunded' : 'voided'} by ${actor.email}`,
    );
    return (await this.list.one(id))!;
  }

  /** Whether the deposit of application `applicationId` may be reversed without an override (its offering's policy). */
  private async refundable(applicationId: string): Promise<boolean> {
    const [app] = (await this.db.query(`SELECT offering_id FROM applications WHERE id = $1`, [applicationId])) as {
      offering_id: number | null;
    }[];
    const offering = await this.programs.offering(app?.offering_id ?? null);
    return offering?.depositRefundable ?? false;
  }
}
