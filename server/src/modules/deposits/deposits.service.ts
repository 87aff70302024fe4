import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { ApiException } from '../../common/errors/api.exception.js';
import type { Locale } from '../../common/i18n/i18n.service.js';
import { zonedTime } from '../../common/i18n/zoned-time.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { Application } from '../applications/application.entity.js';
import type { DepositPaymentView } from '../payments/dto/deposit-payment.dto.js';
import { acceptJsSettings } from '../payments/gateway/accept-js.config.js';
import { PaymentsService, type CardPayment, type PaymentOutcome } from '../payments/payments.service.js';
import { ProgramsService } from '../programs/programs.service.js';
import { depositRefused } from './deposit-errors.js';
import { checkDeposit, depositPhase, depositRequired, type DepositTerms } from './deposit-rules.js';
import type { DepositResponse } from './dto/deposit.dto.js';

/** The terms of an application without an offering: no deposit. */
const NO_DEPOSIT: DepositTerms = { depositCents: null, depositDueDays: null, lapseUnpaidDeposits: false, depositRefundable: false };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The enrollment deposit of an accepted admit (issue 29 item 2; docs/api.md "Deposits"): where it stands and
 * what it costs (`GET /api/applications/{id}/deposit`), and paying it (`POST …/deposit`) — by
 * {@link PaymentsService} as its second purpose, so the same idempotency, settlement, receipts and discount
 * codes (those that apply to deposits) hold. Who may pay is `deposit-rules.ts`; judged on the server's clock.
 */
@Injectable()
export class DepositsService {
  constructor(
    private readonly payments: PaymentsService,
    private readonly programs: ProgramsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The deposit of `app` at `now`, texts in `locale` (the deadline in the applicant's zone).
   * @param code a discount code to quote with (only while the deposit is payable)
   * @throws ApiException 404 DEC-404 before a decision is released; 422 PAY-004 for a code that is unknown,
   *         expired, used up or not for deposits (`errors.discountCode`)
   */
  async view(app: Application, locale: Locale, code?: string, now = new Date()): Promise<DepositResponse> {
    const terms = (await this.programs.offering(app.offeringId)) ?? NO_DEPOSIT;
    const refusal = checkDeposit(app, terms, now);
    if (refusal?.code === 'DEC-404') throw new ApiException(HttpStatus.NOT_FOUND, 'DEC-404');
    const phase = depositPhase(app, terms, now);
    const payment = await this.payments.latestDeposit(app);
    const settled = payment && ['approved', 'waived', 'refunded', 'voided'].includes(payment.status) ? payment : null;
    const amounts = settled
      ? this.amountsOf(settled)
      : depositRequired(terms)
        ? await this.payments.quote(app, refusal ? undefined : code, now, 'enrollment_deposit')
        : { amountCents: 0, discountCents: 0, totalCents: 0, discountCode: null, waived: false, currency: this.config.CURRENCY };
    const acceptJs = acceptJsSettings(this.config);
    return {
      applicationId: app.id,
      phase,
      required: depositRequired(terms),
      payable: refusal === null && phase !== 'pending',
      closedCode: refusal?.code ?? null,
      amountCents: amounts.amountCents,
      discountCents: amounts.discountCents,
      totalCents: amounts.totalCents,
      currency: amounts.currency,
      discountCode: amounts.discountCode,
      waived: amounts.waived,
      dueAt: app.reply === 'accepted' || app.reply === 'lapsed' ? iso(app.depositDueAt) : null,
      dueText:
        app.depositDueAt && (app.reply === 'accepted' || app.reply === 'lapsed') ? zonedTime(app.depositDueAt, locale, app.timeZone) : null,
      lapses: depositRequired(terms) && terms.lapseUnpaidDeposits && app.depositDueAt !== null,
      refundable: terms.depositRefundable,
      paidAt: iso(app.depositPaidAt),
      refundedAt: iso(app.depositRefundedAt),
      lapsedAt: iso(app.depositLapsedAt),
      gateway: this.config.PAYMENT_GATEWAY,
      ...(acceptJs ? { apiLoginId: acceptJs.apiLoginId, clientKey: acceptJs.clientKey, acceptJsUrl: acceptJs.acceptJsUrl } : {}),
      payment,
    };
  }

  /**
   * Pays (or waives) the deposit; the refusals of the deposit rules are answered in `locale` before anything is
   * claimed (and judged again on the locked row by the payment's claim).
   * @throws ApiException the deposit rules' refusal (DEC-404, DEP-404, DEP-409-*, DEP-422-late) and the payment
   *         errors of {@link PaymentsService.payDeposit}
   */
  async pay(
    app: Application,
    dto: CardPayment,
    locale: Locale,
    customerIp?: string,
    now = new Date(),
  ): Promise<PaymentOutcome<DepositPaymentView>> {
    const terms = (await this.programs.offering(app.offeringId)) ?? NO_DEPOSIT;
    const refusal = checkDeposit(app, terms, now);
    // a retry of an attempt that paid it answers the stored outcome (the payment finds it by its requestId)
    if (refusal && refusal.code !== 'DEP-409-paid') throw depositRefused(refusal, app, locale);
    return this.payments.payDeposit(app, dto, customerIp, now);
  }

  private amountsOf(payment: DepositPaymentView) {
    return {
      amountCents: payment.amountCents,
      discountCents: payment.discountCents,
      totalCents: payment.totalCents,
      currency: payment.currency,
      discountCode: payment.discountCode,
      waived: payment.waived,
    };
  }
}
