import { ProgramsService } from '../programs/programs.service.js';
import { ApplicationWordsService } from '../programs/application-words.service.js';
import type { FieldErrorMessage } from '../../common/errors/api.exception.js';
import { DEFAULT_COUNTRY, postalCodeAsked, postalCodeErrors } from '../applications/address-rules.js';
import { countryCodeOf } from '../dropdowns/dropdowns.seed-data.js';
import { HttpStatus, Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { DataSource, In, type EntityManager, type Repository } from 'typeorm';
import { ApiException } from '../../common/errors/api.exception.js';
import { hashToken } from '../../common/security/token-hash.js';
import { I18nService } from '../../common/i18n/i18n.service.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Application } from '../applications/application.entity.js';
import { ApplicationCompletionService } from '../attachments/application-completion.service.js';
import { DiscountCodesService } from '../discount-codes/discount-codes.service.js';
import { centsToDecimalString, formatCents, fromCents } from '../../common/money/money.js';
import { JobsService } from '../jobs/jobs.service.js';
import { MailService } from '../mail/mail.service.js';
import { TokenService } from '../token/token.service.js';
import { WebhookOutboxService } from '../webhooks/webhook-outbox.service.js';
import type { PayDto, PaymentView, QuoteView } from './dto/payment.dto.js';
import type { DepositPaymentView } from './dto/deposit-payment.dto.js';
import { checkDeposit, depositRequired } from '../deposits/deposit-rules.js';
import { depositRefused } from '../deposits/deposit-errors.js';
import { INVOICE_PREFIX, type PaymentPurpose } from './payment-purpose.js';
import { acceptJsSettings } from './gateway/accept-js.config.js';
import { PAYMENT_GATEWAY, type ChargeResult, type PaymentGateway } from './gateway/payment-gateway.js';
import { Payment } from './payment.entity.js';
import { salutationName } from '../../../../contract/format/person-name.js';

/** The fee amounts in integer cents of the currency. */
export interface FeeCents {
  amountCents: number;
  lateFeeCents: number;
  discountCents: number;
  totalCents: number;
}

/** A quote: its amounts in cents, the code row it used, and the rest of the wire answer. */
export interface Quote extends FeeCents, Omit<QuoteView, 'amount' | 'lateFee' | 'discount' | 'total'> {
  discountCodeId: string | null;
}

/** The wire fields of fee amounts (spec §9: the currency's major unit, e.g. `150`), from cents. */
export function feeAmounts(fee: FeeCents): Pick<QuoteView, 'amount' | 'lateFee' | 'discount' | 'total'> {
  return {
    amount: fromCents(fee.amountCents),
    lateFee: fromCents(fee.lateFeeCents),
    discount: fromCents(fee.discountCents),
    total: fromCents(fee.totalCents),
  };
}

/**
 * What a payment answers on success: HTTP status (201 paid/waived, 202 held; 200 for a replay of an attempt
 * since refunded or voided) and body — `PaymentView` for the application fee (`POST /api/payments`),
 * `DepositPaymentView` for the deposit (`POST /api/applications/{id}/deposit`).
 */
export interface PaymentOutcome<T = PaymentView> {
  status: number;
  body: { success: true; data: T };
}

/** A payment body without the application (the deposit's is in the path). */
export type CardPayment = Omit<PayDto, 'applicationId'>;

/** Statuses of an attempt whose result is not final yet. */
export const OPEN_PAYMENT_STATUSES = ['pending', 'unknown', 'held'] as const;
const OPEN = OPEN_PAYMENT_STATUSES;

/**
 * How long (ms) an attempt is left alone after its last change before anyone but its own request settles
 * it: an `unknown` one by the settlement job, a `pending` one (beyond the gateway timeout) by anybody.
 */
export const SETTLE_GRACE_MS = 60_000;

/**
 * Since when a `pending` attempt counts as abandoned (its request died while waiting for the gateway):
 * created longer ago than the gateway timeout plus {@link SETTLE_GRACE_MS}. Shared by the retry path and
 * the settlement job.
 */
export function abandonedPendingBefore(now: Date, config: Pick<AppConfig, 'PAYMENT_GATEWAY_TIMEOUT_MS'>): Date {
  return new Date(now.getTime() - config.PAYMENT_GATEWAY_TIMEOUT_MS - SETTLE_GRACE_MS);
}
/** Gateway error codes that mean the card token was bad, reused or expired. */
const TOKEN_ERRORS = new Set(['E00003', 'E00114', 'E00115', 'E00117']);

/**
 * Payments of the application fee (spec §3 signature and payment, §9; DESIGN §7) and of the enrollment
 * deposit (issue 29 item 2: a second purpose, `payments.purpose`, through the same steps): quotes, and charges
 * that never charge twice. What differs per purpose is only the amount (the offering's fee plus late fee, or its
 * deposit), who may pay (a certified draft in its window, or an accepted admit: `deposits/deposit-rules.ts`),
 * which discount codes apply, and what a success or failure changes on the application (Payment_Status and
 * submission, or `deposit_status`), its webhook events and the receipt's words.
 *
 * - One `payments` row per attempt, keyed by the client's `requestId` (unique). The same requestId
 *   answers the stored outcome; a concurrent duplicate waits for the first to finish.
 * - Claiming an attempt locks the application row: an application already paid refuses (409 PAY-003),
 *   and so does one with an attempt in flight or an unknown outcome that cannot be settled (409).
 * - A timeout, 5xx or unreadable answer is `unknown`: it is settled by asking the gateway (lookup by
 *   the application's stable invoice number) before anyone may pay again.
 * - Payment_Status: Unpaid → Pending → Paid / Declined / Waived; the application becomes `submitted`
 *   (with `submitted_at`) only when paid or waived, and then the receipt e-mail with a details-form
 *   link goes out in the applicant's language.
 * - Webhook events (`payment.declined`, `payment.approved`, `application.submitted`; for the deposit
 *   `deposit.paid`) are written to the outbox in the transaction that records the outcome.
 * - The deposit: `deposit_status` pending → paid / waived / declined (a rejected attempt leaves it unpaid);
 *   the receipt says "enrollment deposit".
 */
/** pg-boss queue of receipt e-mails (one job per settled payment, queued in the settling transaction; ids only). */
export const RECEIPT_MAIL_QUEUE = 'payment-receipt-mail';

@Injectable()
export class PaymentsService implements OnModuleInit {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    @InjectRepository(Payment) private readonly payments: Repository<Payment>,
    @InjectRepository(Application) private readonly applications: Repository<Application>,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly discounts: DiscountCodesService,
    private readonly mail: MailService,
    private readonly tokens: TokenService,
    private readonly i18n: I18nService,
    private readonly outbox: WebhookOutboxService,
    private readonly words: ApplicationWordsService,
    private readonly jobs: JobsService,
    private readonly completion: ApplicationCompletionService,
    private readonly programs: ProgramsService,
  ) {}

  /** Defines the receipt e-mail job ({@link RECEIPT_MAIL_QUEUE}): a failed delivery is retried by pg-boss. */
  onModuleInit(): void {
    this.jobs.define<{ paymentId: string }>({
      queue: RECEIPT_MAIL_QUEUE,
      handler: async ({ paymentId }) => {
        const payment = await this.payments.findOneBy({ id: paymentId });
        if (payment) await this.sendReceipt(payment);
      },
    });
  }

  /**
   * The fee of `application` at `now` (issue 25): its offering's application fee, plus the offering's late
   * fee once `now` is after the late fee's start, minus the discount code's share; with the configured
   * gateway and, for Authorize.Net, the public Accept.js settings.
   * @throws ApiException 422 PAY-004 (`errors.discountCode`) for an unknown, expired or used-up code;
   *         422 APP-422-closed when the application has no offering (a row older than the catalogue's)
   */
  async quote(
    application: Pick<Application, 'offeringId'>,
    code?: string,
    now = new Date(),
    purpose: PaymentPurpose = 'application_fee',
  ): Promise<Quote> {
    const { amountCents, lateFeeCents, lateFeeStartsAt } = await this.amountOf(application, purpose, now);
    const gross = amountCents + lateFeeCents;
    const discountCode = code?.trim() ? await this.discounts.lookup(code, purpose) : null;
    const discountCents = discountCode ? this.discounts.discountFor(discountCode, gross) : 0;
    const totalCents = gross - discountCents;
    const acceptJs = acceptJsSettings(this.config);
    return {
      amountCents,
      lateFeeCents,
      discountCents,
      totalCents,
      currency: this.config.CURRENCY,
      discountCode: discountCode?.code ?? null,
      discountCodeId: discountCode?.id ?? null,
      waived: totalCents <= 0,
      lateFeeAfter: lateFeeStartsAt?.toISOString() ?? null,
      gateway: this.config.PAYMENT_GATEWAY,
      ...(acceptJs ? { apiLoginId: acceptJs.apiLoginId, clientKey: acceptJs.clientKey, acceptJsUrl: acceptJs.acceptJsUrl } : {}),
    };
  }

  /**
   * What `purpose` costs `application` at `now`: the offering's application fee and late fee, or its deposit.
   * @throws ApiException 422 APP-422-closed (fee) or 404 DEP-404 (deposit) when the offering is missing or asks none
   */
  private async amountOf(
    application: Pick<Application, 'offeringId'>,
    purpose: PaymentPurpose,
    now: Date,
  ): Promise<{ amountCents: number; lateFeeCents: number; lateFeeStartsAt: Date | null }> {
    if (purpose === 'enrollment_deposit') {
      const offering = await this.programs.offering(application.offeringId);
      if (!offering || !depositRequired(offering)) throw new ApiException(HttpStatus.NOT_FOUND, 'DEP-404');
      return { amountCents: offering.depositCents!, lateFeeCents: 0, lateFeeStartsAt: null };
    }
    const fee = await this.programs.feeOf(application.offeringId, now);
    if (!fee) throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'APP-422-closed', { messageKey: 'errors.APP-422-closed' });
    return { amountCents: fee.applicationFeeCents, lateFeeCents: fee.lateFeeCents, lateFeeStartsAt: fee.lateFeeStartsAt };
  }

  /**
   * The quote as `GET /api/payments/quote` answers it: amounts in the currency's major unit (spec §9).
   * @throws ApiException 422 PAY-004 as {@link quote}
   */
  async quoteView(application: Pick<Application, 'offeringId'>, code?: string): Promise<QuoteView> {
    const { discountCodeId: _, amountCents, lateFeeCents, discountCents, totalCents, ...rest } = await this.quote(application, code);
    return { ...rest, ...feeAmounts({ amountCents, lateFeeCents, discountCents, totalCents }) };
  }

  /**
   * Pays (or waives) the fee of an application; see the class comment.
   * @param application already authorised by the caller
   * @param customerIp the payer's IP, passed to the gateway
   * @returns 201 with the receipt when paid or waived; 202 when the processor holds it for review
   * @throws ApiException 422 PAY-422-certify not certified; 409 PAY-003 already paid; 422 PAY-004 bad code;
   *         422 VAL-001 missing card fields; 402 PAY-001 declined; 422 PAY-002 (`errors.opaqueData`) the card
   *         token was refused (reused/expired); 502 PAY-002 gateway error or unknown outcome (nothing charged
   *         twice); 409 PAY-002-unsettled an earlier unknown outcome is not settled yet; 409 PAY-409-request
   *         an attempt of this application is in flight
   */
  async pay(application: Application, dto: PayDto, customerIp?: string): Promise<PaymentOutcome> {
    return this.payFor('application_fee', application, dto, customerIp) as Promise<PaymentOutcome>;
  }

  /**
   * Pays (or, with a deposit waiver code, waives) the enrollment deposit of an accepted admit (issue 29 item 2):
   * the same steps, idempotency and settlement as the fee; see the class comment.
   * @param now the server's instant (tests move it) — the deposit's deadline is judged by it
   * @returns 201 with the payment when paid or waived; 202 when the processor holds it for review
   * @throws ApiException 404 DEC-404 / DEP-404, 409 DEP-409-not-accepted / DEP-409-paid / DEP-409-refunded /
   *         DEP-409-lapsed, 422 DEP-422-late (deposit rules); and the payment errors of {@link pay} but
   *         PAY-422-certify and PAY-003
   */
  async payDeposit(
    application: Application,
    dto: CardPayment,
    customerIp?: string,
    now = new Date(),
  ): Promise<PaymentOutcome<DepositPaymentView>> {
    return this.payFor('enrollment_deposit', application, dto, customerIp, now) as Promise<PaymentOutcome<DepositPaymentView>>;
  }

  /** One payment of `purpose` (the steps of the class comment). */
  private async payFor(
    purpose: PaymentPurpose,
    application: Application,
    dto: CardPayment,
    customerIp?: string,
    now = new Date(),
  ): Promise<PaymentOutcome<unknown>> {
    const existing = await this.payments.findOne({ where: { requestId: dto.requestId } });
    if (existing) return this.replay(existing, application, purpose);

    await this.assertPayable(application, purpose, now);
    if (purpose === 'application_fee') await this.assertSubmittable(application);
    await this.settleOpen(application.id, purpose);
    const quote = await this.quote(application, dto.discountCode, now, purpose);
    if (!quote.waived) this.assertCardFields(dto);

    const claimed = await this.claim(application, dto, quote, purpose, now);
    if ('replay' in claimed) return this.replay(claimed.replay, application, purpose);
    const row = claimed.row;

    if (quote.waived) {
      await this.finalizeSuccess(row, { outcome: 'approved' }, 'waived');
      return this.answer(await this.payments.findOneByOrFail({ id: row.id }));
    }
    const [firstName, ...rest] = dto.creditCardFullName!.trim().split(/\s+/);
    const result = await this.gateway.charge({
      amount: centsToDecimalString(quote.totalCents),
      currency: quote.currency,
      invoiceNumber: row.invoiceNumber,
      refId: refIdOf(dto.requestId),
      description: `${purpose === 'enrollment_deposit' ? 'Enrollment deposit' : 'Application fee'} ${application.referenceNumber}`,
      opaqueData: dto.opaqueData!,
      cardholder: {
        firstName,
        lastName: rest.join(' ') || firstName,
        zip: dto.creditCardBillingZip ?? '',
        country: countryCodeOf(dto.creditCardBillingCountry || DEFAULT_COUNTRY),
      },
      email: application.email,
      customerIp,
    });
    await this.apply(row, result);
    let current = await this.payments.findOneByOrFail({ id: row.id });
    if (current.status === 'unknown') current = await this.settle(current);
    return this.answer(current);
  }

  /**
   * The stored outcome of `dto.requestId` for a caller whose application token no longer opens the
   * application because this very payment submitted it (a client retrying after a lost answer).
   * @returns undefined when the token is not a live token of `dto.applicationId` or no such attempt exists
   * @throws ApiException 409 PAY-003 when it is a new attempt for an application that is paid or waived
   */
  async replayForToken(token: string | undefined, dto: PayDto): Promise<PaymentOutcome | undefined> {
    if (!token || token.length > 200) return undefined;
    const rows = (await this.dataSource.query(
      `SELECT application_id FROM application_tokens WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()`,
      [hashToken(token)],
    )) as { application_id: string }[];
    if (rows[0]?.application_id !== dto.applicationId) return undefined;
    const application = await this.applications.findOneByOrFail({ id: dto.applicationId });
    const row = await this.payments.findOne({ where: { requestId: dto.requestId, applicationId: dto.applicationId } });
    if (row) return this.replay(row, application, 'application_fee') as Promise<PaymentOutcome>;
    if (application.paymentStatus === 'Paid' || application.paymentStatus === 'Waived') {
      throw new ApiException(HttpStatus.CONFLICT, 'PAY-003');
    }
    return undefined;
  }

  /** Tries to settle every open attempt of an application's `purpose` (unknown, held, or pending for too long). */
  async settleOpen(applicationId: string, purpose: PaymentPurpose = 'application_fee'): Promise<void> {
    const stale = abandonedPendingBefore(new Date(), this.config);
    const open = await this.payments.find({ where: { applicationId, purpose, status: In([...OPEN]) } });
    for (const row of open) {
      if (row.status === 'pending' && row.createdAt > stale) continue;
      await this.settle(row);
    }
  }

  /**
   * Asks the gateway what became of an attempt (by invoice number, since the attempt began) and records it:
   * the one settling step of the retry path (`pay`, replays) and of the settlement job
   * ({@link PaymentsSettlementService}). Found approved: Paid, submitted, receipt e-mail; declined: Declined;
   * held: stays Pending; no charge found: `rejected` and Unpaid (the applicant may pay again); gateway cannot
   * tell: nothing changes. Safe to run twice at once: each transition is a conditional update of an open row.
   * @returns the row as it is afterwards (still `unknown` when the gateway cannot tell yet)
   */
  async settle(row: Payment): Promise<Payment> {
    const found = await this.gateway.lookup(row.invoiceNumber, new Date(row.createdAt.getTime() - 1000));
    if (found === null) {
      await this.apply(row, { outcome: 'rejected', errorText: 'No charge found at the gateway (settled by lookup).' });
    } else if (found.outcome !== 'unknown' && found.outcome !== row.status) {
      await this.apply(row, found);
    }
    return this.payments.findOneByOrFail({ id: row.id });
  }

  // ------------------------------------------------------------------------------------------------

  /**
   * Whether `purpose` may be paid for `application` (before the claim, and again on the locked row).
   * @throws ApiException the fee's (PAY-003, PAY-409-status, PAY-422-certify) or the deposit rules' refusal
   */
  private async assertPayable(application: Application, purpose: PaymentPurpose, now: Date): Promise<void> {
    if (purpose === 'application_fee') return this.assertFeePayable(application);
    const offering = await this.programs.offering(application.offeringId);
    const refusal = offering ? checkDeposit(application, offering, now) : { code: 'DEP-404' as const };
    if (refusal) throw depositRefused(refusal, application);
  }

  private assertFeePayable(application: Application): void {
    if (application.paymentStatus === 'Paid' || application.paymentStatus === 'Waived') {
      throw new ApiException(HttpStatus.CONFLICT, 'PAY-003');
    }
    if (application.status !== 'draft') {
      throw new ApiException(HttpStatus.CONFLICT, 'PAY-409-status', { params: { status: application.status } });
    }
    if (!application.certifiedAt) throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'PAY-422-certify');
  }

  /**
   * Issue 25: a draft is submitted (paid) only while its offering takes submissions — its window, plus the
   * offering's grace days after the close. Otherwise 422 APP-422-closed: the applicant moves to an open term
   * in step 1, keeping every answer.
   */
  private async assertSubmittable(application: Application): Promise<void> {
    if (!(await this.programs.acceptsSubmission(application.offeringId)))
      throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'APP-422-closed', { messageKey: 'errors.APP-422-closed' });
  }

  private assertCardFields(dto: CardPayment): void {
    const errors: Record<string, FieldErrorMessage[]> = {};
    if (!dto.opaqueData) errors.opaqueData = [{ key: 'validation.isDefined' }];
    if (!dto.creditCardFullName?.trim()) errors.creditCardFullName = [{ key: 'validation.isNotEmpty' }];
    // the billing address may be in any country (issue 11 item 2): its postal code is checked for it
    const country = dto.creditCardBillingCountry || DEFAULT_COUNTRY;
    if (!countryCodeOf(country)) errors.creditCardBillingCountry = [{ key: 'validation.isIn' }];
    else if (!dto.creditCardBillingZip) {
      if (country === DEFAULT_COUNTRY || postalCodeAsked(country)) errors.creditCardBillingZip = [{ key: 'validation.isNotEmpty' }];
    } else {
      const wrong = postalCodeErrors({ addressCountry: country, addressZip: dto.creditCardBillingZip }).addressZip;
      if (wrong) errors.creditCardBillingZip = wrong;
    }
    if (Object.keys(errors).length) throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VAL-001', { errors });
  }

  /**
   * Records a new `pending` attempt while holding the application's row lock, after checking (again, now
   * serialised) that the application is not paid and has no open attempt, and claims one use of its
   * discount code (a conditional UPDATE: of concurrent payers on a code's last use, exactly one gets it).
   * @throws ApiException 422 PAY-004 (`errors.PAY-004-used-up`) when the code has no use left
   * @returns the new row, or `{ replay }` when the requestId already exists (a concurrent duplicate)
   */
  private async claim(
    application: Application,
    dto: CardPayment,
    quote: Quote,
    purpose: PaymentPurpose,
    now: Date,
  ): Promise<{ row: Payment } | { replay: Payment }> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const locked = await manager
          .getRepository(Application)
          .createQueryBuilder('a')
          .setLock('pessimistic_write')
          .where('a.id = :id', { id: application.id })
          .getOneOrFail();
        const same = await manager.getRepository(Payment).findOne({ where: { requestId: dto.requestId } });
        if (same) return { replay: same };
        await this.assertPayable(locked, purpose, now);
        const open = await manager
          .getRepository(Payment)
          .find({ where: { applicationId: application.id, purpose, status: In([...OPEN]) } });
        if (open.some((p) => p.status === 'pending')) throw new ApiException(HttpStatus.CONFLICT, 'PAY-409-request');
        if (open.length) throw new ApiException(HttpStatus.CONFLICT, 'PAY-002-unsettled');
        // a counted thing is claimed before it is spent (issue 26): the code's use is taken now, in the
        // attempt's transaction, and given back if the attempt is declined or rejected — never after the charge
        if (quote.discountCodeId) await this.discounts.claimUse(manager, quote.discountCodeId);
        const row = await manager.getRepository(Payment).save(
          manager.getRepository(Payment).create({
            applicationId: application.id,
            purpose,
            requestId: dto.requestId,
            amountCents: quote.amountCents,
            lateFeeCents: quote.lateFeeCents,
            discountCents: quote.discountCents,
            totalCents: quote.totalCents,
            currency: quote.currency,
            discountCodeId: quote.discountCodeId,
            status: 'pending',
            gateway: quote.waived ? 'none' : this.gateway.name,
            invoiceNumber: `${INVOICE_PREFIX[purpose]}${locked.referenceNumber}`,
          }),
        );
        if (purpose === 'enrollment_deposit') await this.setDeposit(manager, application.id, 'pending');
        else await this.setApplication(manager, application.id, { paymentStatus: 'Pending' });
        return { row };
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        const same = await this.payments.findOne({ where: { requestId: dto.requestId } });
        if (same) return { replay: same };
      }
      throw error;
    }
  }

  /** The stored outcome of a requestId, waiting while the first request is still with the gateway. */
  private async replay(row: Payment, application: Application, purpose: PaymentPurpose): Promise<PaymentOutcome<unknown>> {
    if (row.applicationId !== application.id || row.purpose !== purpose) throw new ApiException(HttpStatus.CONFLICT, 'PAY-409-request');
    const deadline = Date.now() + this.config.PAYMENT_GATEWAY_TIMEOUT_MS + 5000;
    let current = row;
    while (current.status === 'pending' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      current = await this.payments.findOneByOrFail({ id: row.id });
    }
    if (current.status === 'unknown' || current.status === 'held') current = await this.settle(current);
    return this.answer(current);
  }

  /** Records a gateway result on an attempt and moves the application accordingly. */
  private async apply(row: Payment, result: ChargeResult): Promise<void> {
    if (result.outcome === 'approved') return this.finalizeSuccess(row, result, 'approved');
    await this.dataSource.transaction(async (manager) => {
      const updated = await manager
        .createQueryBuilder()
        .update(Payment)
        .set({
          status: result.outcome,
          transactionId: result.transactionId ?? row.transactionId,
          authCode: result.authCode ?? row.authCode,
          accountNumber: result.accountNumber ?? row.accountNumber,
          errorCode: result.errorCode ?? null,
          errorText: result.errorText ?? null,
          rawResponse: (result.raw ?? null) as never,
          updatedAt: () => 'now()',
        })
        .where('id = :id AND status IN (:...open)', { id: row.id, open: [...OPEN] })
        .execute();
      if (updated.affected !== 1) return;
      // a declined or rejected attempt gives its discount code's use back (unknown and held keep it until settled)
      if (row.discountCodeId && (result.outcome === 'declined' || result.outcome === 'rejected'))
        await this.discounts.releaseUse(manager, row.discountCodeId);
      if (row.purpose === 'enrollment_deposit') {
        // declined: the last attempt was; rejected (nothing charged): unpaid again; held or unknown: still pending
        await this.setDeposit(
          manager,
          row.applicationId,
          result.outcome === 'declined' ? 'declined' : result.outcome === 'rejected' ? null : 'pending',
        );
        return;
      }
      const paymentStatus = result.outcome === 'declined' ? 'Declined' : result.outcome === 'rejected' ? 'Unpaid' : 'Pending';
      await manager.query(
        `UPDATE applications SET payment_status = $2, updated_at = now() WHERE id = $1 AND payment_status NOT IN ('Paid', 'Waived')`,
        [row.applicationId, paymentStatus],
      );
      if (result.outcome === 'declined')
        await this.outbox.record(manager, 'payment.declined', row.applicationId, await this.webhookPayment(manager, row.id));
    });
    if (result.outcome === 'declined') this.logger.log(`Payment ${row.requestId} of application ${row.applicationId} declined`);
    if (result.outcome === 'unknown') this.logger.warn(`Payment ${row.requestId} of application ${row.applicationId}: outcome unknown`);
  }

  /**
   * Approved or waived, in one transaction: the row, the application (submitted, Paid/Waived), the webhook
   * events and the receipt e-mail's job (the discount code's use was claimed with the attempt).
   */
  private async finalizeSuccess(row: Payment, result: ChargeResult, status: 'approved' | 'waived'): Promise<void> {
    const done = await this.dataSource.transaction(async (manager) => {
      const updated = await manager
        .createQueryBuilder()
        .update(Payment)
        .set({
          status,
          transactionId: result.transactionId ?? null,
          authCode: result.authCode ?? null,
          accountNumber: result.accountNumber ?? null,
          errorCode: null,
          errorText: null,
          rawResponse: (result.raw ?? null) as never,
          updatedAt: () => 'now()',
        })
        .where('id = :id AND status IN (:...open)', { id: row.id, open: [...OPEN] })
        .execute();
      if (updated.affected !== 1) return false;
      if (row.purpose === 'enrollment_deposit') {
        await this.setDeposit(manager, row.applicationId, status === 'approved' ? 'paid' : 'waived');
        await this.outbox.record(manager, 'deposit.paid', row.applicationId, await this.webhookPayment(manager, row.id));
        await this.jobs.sendWithin(manager, RECEIPT_MAIL_QUEUE, { paymentId: row.id });
        return true;
      }
      await this.setApplication(manager, row.applicationId, {
        paymentStatus: status === 'approved' ? 'Paid' : 'Waived',
        submitted: true,
      });
      const payment = await this.webhookPayment(manager, row.id);
      if (status === 'approved') await this.outbox.record(manager, 'payment.approved', row.applicationId, payment);
      await this.outbox.record(manager, 'application.submitted', row.applicationId, payment);
      await this.jobs.sendWithin(manager, RECEIPT_MAIL_QUEUE, { paymentId: row.id });
      return true;
    });
    if (!done) return;
    this.logger.log(`Payment ${row.requestId} of application ${row.applicationId} ${status}`);
  }

  /**
   * The `payment` of a payment webhook event, read in the transaction that settles it: its `purpose`, amounts in
   * integer cents (`amountCents`, `lateFeeCents`, `discountCents`, `totalCents`) with the currency, and — after a
   * reversal — `reversal` (`kind`, `transactionId`, `at`). Shared with the reversals (`deposit.refunded`).
   */
  async webhookPayment(manager: EntityManager, id: string): Promise<{ payment: Record<string, unknown> }> {
    const [payment] = (await manager.query(
      `SELECT id, request_id AS "requestId", purpose, status, gateway, (amount * 100)::int AS "amountCents", (late_fee * 100)::int AS "lateFeeCents",
              (discount * 100)::int AS "discountCents", (total * 100)::int AS "totalCents", currency, transaction_id AS "transactionId",
              right(account_number, 4) AS last4, error_code AS "errorCode", error_text AS "errorText",
              CASE WHEN reversed_at IS NULL THEN NULL
                   ELSE jsonb_build_object('kind', reversal_kind, 'transactionId', reversal_transaction_id, 'at', reversed_at) END AS reversal
         FROM payments WHERE id = $1`,
      [id],
    )) as Record<string, unknown>[];
    return { payment };
  }

  private async setApplication(
    manager: EntityManager,
    applicationId: string,
    change: { paymentStatus: Application['paymentStatus']; submitted?: boolean },
  ): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(Application)
      .set({
        paymentStatus: change.paymentStatus,
        ...(change.submitted ? { status: 'submitted' as const, submittedAt: () => 'now()' } : {}),
        version: () => 'version + 1',
        updatedAt: () => 'now()',
      })
      .where('id = :id', { id: applicationId })
      .execute();
    // a paid file whose every other item has arrived is complete at once (issue 24)
    if (change.submitted) await this.completion.completeIfReady(manager, applicationId);
  }

  /**
   * Moves the application's deposit (issue 29 item 2) — conditionally: a deposit paid, waived, refunded or voided
   * is never moved back by a late answer of another attempt. Paid or waived also stamps `deposit_paid_at`.
   */
  private async setDeposit(
    manager: EntityManager,
    applicationId: string,
    status: 'pending' | 'paid' | 'waived' | 'declined' | null,
  ): Promise<void> {
    await manager.query(
      `UPDATE applications
          SET deposit_status = $2::text,
              deposit_paid_at = CASE WHEN $2::text IN ('paid', 'waived') THEN now() ELSE deposit_paid_at END,
              version = version + 1, updated_at = now()
        WHERE id = $1 AND (deposit_status IS NULL OR deposit_status IN ('pending', 'declined'))`,
      [applicationId, status],
    );
  }

  /**
   * Maps a stored attempt to the HTTP answer (the same for the first request and every replay; approved and
   * waived answers carry a newly issued `detailsToken` each time).
   */
  private async answer(row: Payment): Promise<PaymentOutcome<unknown>> {
    const application = await this.applications.findOneByOrFail({ id: row.applicationId });
    if (row.purpose === 'enrollment_deposit') return this.outcome(row, await this.depositView(row, application));
    const view: PaymentView = {
      requestId: row.requestId,
      status: row.status,
      Payment_Status: application.paymentStatus,
      referenceNumber: application.referenceNumber,
      ...feeAmounts(row),
      currency: row.currency,
      discountCode: row.discountCodeId ? await this.codeName(row.discountCodeId) : null,
      waived: row.status === 'waived',
      lateFeeAfter: (await this.programs.feeOf(application.offeringId, row.createdAt))?.lateFeeStartsAt?.toISOString() ?? null,
      transactionId: row.transactionId,
      last4: row.accountNumber ? row.accountNumber.slice(-4) : null,
      date: row.updatedAt.toISOString(),
    };
    // The application is submitted now, so its application token opens only the details form: the
    // payer, who just proved they hold it, gets a fresh details token (stored only as a hash).
    if (row.status === 'approved' || row.status === 'waived') view.detailsToken = await this.tokens.issue(row.applicationId, 'details');
    return this.outcome(row, view);
  }

  /** The latest deposit attempt of `application` (any status) as the deposit's answers show it, or null. */
  async latestDeposit(application: Application): Promise<DepositPaymentView | null> {
    const row = await this.payments.findOne({
      where: { applicationId: application.id, purpose: 'enrollment_deposit' },
      order: { createdAt: 'DESC' },
    });
    return row ? this.depositView(row, application) : null;
  }

  /** The deposit's answer (`DepositPaymentView`): amounts in integer cents, the application's deposit status. */
  private async depositView(row: Payment, application: Application): Promise<DepositPaymentView> {
    return {
      requestId: row.requestId,
      purpose: 'enrollment_deposit',
      status: row.status,
      depositStatus: application.depositStatus,
      referenceNumber: application.referenceNumber,
      amountCents: row.amountCents,
      discountCents: row.discountCents,
      totalCents: row.totalCents,
      currency: row.currency,
      discountCode: row.discountCodeId ? await this.codeName(row.discountCodeId) : null,
      waived: row.status === 'waived',
      transactionId: row.transactionId,
      last4: row.accountNumber ? row.accountNumber.slice(-4) : null,
      date: row.updatedAt.toISOString(),
    };
  }

  /** The HTTP answer of an attempt's status, with `view` as its data (the same for every purpose). */
  private outcome<T>(row: Payment, view: T): PaymentOutcome<T> {
    switch (row.status) {
      case 'approved':
      case 'waived':
        return { status: HttpStatus.CREATED, body: { success: true, data: view } };
      case 'held':
        return { status: HttpStatus.ACCEPTED, body: { success: true, data: view } };
      case 'refunded':
      case 'voided':
        // a replay of an attempt an admin has reversed since: the stored outcome, as it is now
        return { status: HttpStatus.OK, body: { success: true, data: view } };
      case 'declined':
        throw new ApiException(HttpStatus.PAYMENT_REQUIRED, 'PAY-001', { data: view });
      case 'rejected':
        if (TOKEN_ERRORS.has(row.errorCode ?? '')) {
          throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'PAY-002', {
            messageKey: 'errors.PAY-002-token',
            errors: { opaqueData: [{ key: 'errors.PAY-002-token' }] },
            data: view,
          });
        }
        throw new ApiException(HttpStatus.BAD_GATEWAY, 'PAY-002', { data: view });
      case 'unknown':
        throw new ApiException(HttpStatus.BAD_GATEWAY, 'PAY-002', { data: view });
      default:
        throw new ApiException(HttpStatus.CONFLICT, 'PAY-409-request', { data: view });
    }
  }

  private async codeName(id: string): Promise<string | null> {
    const rows = (await this.dataSource.query('SELECT code FROM discount_codes WHERE id = $1', [id])) as { code: string }[];
    return rows[0]?.code ?? null;
  }

  /**
   * The confirmation e-mail with the receipt (reference number, amount, late fee, discount, total, last 4,
   * transaction id, date) wholly in the applicant's language — the program's label and semester too — with
   * the date in the applicant's time zone, named (issue 11 item 3), and a details-form link with a new
   * `details` token. Run by the {@link RECEIPT_MAIL_QUEUE} job. The enrollment deposit's receipt (issue 29
   * item 2) names the deposit instead of the fee (no late fee), and links to the decision page.
   * @throws the delivery error (the job is retried)
   */
  private async sendReceipt(row: Payment): Promise<void> {
    const application = await this.applications.findOneByOrFail({ id: row.applicationId });
    const words = await this.words.wordsOf(application);
    const locale = words.locale;
    const t = (key: string, params: Record<string, unknown> = {}) => this.i18n.t(`mail.${key}`, locale, params);
    const money = (cents: number) => formatCents(cents, row.currency, locale);
    const token = await this.tokens.issue(application.id, 'details');
    const base = (this.config.PUBLIC_URL ?? `http://localhost:${this.config.PORT}`).replace(/\/$/, '');
    const link = `${base}/validation?token=${encodeURIComponent(token)}`;
    const date = words.time(row.updatedAt);
    // the deposit's own words where they differ from the fee's ("receipt…" → "depositReceipt…")
    const deposit = row.purpose === 'enrollment_deposit';
    const own = (key: string) => (deposit ? `deposit${key[0]!.toUpperCase()}${key.slice(1)}` : key);
    const lines = [
      t('receiptGreeting', { name: salutationName(application, locale) }),
      '',
      t(own('receiptIntro'), { program: words.program, semester: words.semester }),
      '',
      t('receiptTitle'),
      t('receiptReference', { value: application.referenceNumber }),
      t(own('receiptAmount'), { value: money(row.amountCents) }),
      ...(deposit ? [] : [t('receiptLateFee', { value: money(row.lateFeeCents) })]),
      t('receiptDiscount', { value: money(row.discountCents) }),
      t('receiptTotal', { value: money(row.totalCents) }),
      ...(row.status === 'waived'
        ? [t(own('receiptWaived'))]
        : [t('receiptCard', { value: row.accountNumber?.slice(-4) ?? '' }), t('receiptTransaction', { value: row.transactionId ?? '' })]),
      t('receiptDate', { value: date }),
      '',
      t(own('receiptNext')),
      link,
      '',
      t('receiptClosing'),
    ];
    await this.mail.send({
      to: application.email,
      subject: t(own('receiptSubject'), { referenceNumber: application.referenceNumber }),
      text: lines.join('\n'),
      links: [link],
    });
  }
}

/** A gateway `refId` (≤ 20 characters) derived from the requestId. */
function refIdOf(requestId: string): string {
  return requestId.length <= 20 ? requestId : createHash('sha256').update(requestId).digest('hex').slice(0, 20);
}
