import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DepositPaymentView } from '../../payments/dto/deposit-payment.dto.js';
import { DEPOSIT_PHASES, type DepositPhase } from '../deposit-rules.js';

/**
 * Where an admitted applicant's enrollment deposit stands (issue 29 item 2; `GET /api/applications/{id}/deposit`):
 * the amount in integer cents (with a discount code's share when `?discountCode=` is given and the deposit is
 * payable), the deadline in the caller's language and the applicant's zone, whether it may be paid now (and why
 * not), the office's policy (lapse, refundable), the card gateway's public settings, and the latest attempt.
 */
export class DepositResponse {
  @ApiProperty({ format: 'uuid' }) applicationId: string;
  @ApiProperty({
    enum: DEPOSIT_PHASES,
    description:
      'not_required (the offering asks none), not_accepted (accept the offer first), due, overdue (past the deadline; still ' +
      'payable where the office does not lapse offers), pending (a payment is being processed), paid, waived, refunded, voided, lapsed',
  })
  phase: DepositPhase;
  @ApiProperty({ description: 'the offering asks a deposit (its amount is more than 0)' }) required: boolean;
  @ApiProperty({ description: 'POST …/deposit may be sent now' }) payable: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'why it may not be paid now: DEP-404, DEP-409-not-accepted, DEP-409-paid, DEP-409-refunded, DEP-409-lapsed, DEP-422-late',
  })
  closedCode: string | null;
  @ApiProperty({ example: 50000, description: "the offering's deposit (or the paid one's), integer cents" }) amountCents: number;
  @ApiProperty({ example: 0, description: "the discount code's share, integer cents" }) discountCents: number;
  @ApiProperty({ example: 50000, description: 'to pay (or paid), integer cents' }) totalCents: number;
  @ApiProperty({ example: 'USD', description: 'ISO 4217' }) currency: string;
  @ApiProperty({ type: String, nullable: true, description: 'the code applied (a code that applies to deposits)' }) discountCode:
    string | null;
  @ApiProperty({ description: 'nothing is left to pay: paying records a waived deposit without a card' }) waived: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'the deposit deadline (UTC); null: none' })
  dueAt: string | null;
  @ApiProperty({ type: String, nullable: true, description: "the deadline in the caller's language and the applicant's time zone" })
  dueText: string | null;
  @ApiProperty({ description: "the office's setting: an accepted offer whose deposit is unpaid at the deadline lapses" }) lapses: boolean;
  @ApiProperty({ description: "the offering's policy: a paid deposit may be refunded" }) refundable: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) paidAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'refunded or voided' }) refundedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) lapsedAt: string | null;
  @ApiProperty({ enum: ['fake', 'authorizenet'], description: 'the configured card gateway (`PAYMENT_GATEWAY`)' })
  gateway: 'fake' | 'authorizenet';
  @ApiPropertyOptional({ description: 'Authorize.Net API login id for Accept.js (authorizenet only)' }) apiLoginId?: string;
  @ApiPropertyOptional({ description: 'Authorize.Net public client key for Accept.js (authorizenet only)' }) clientKey?: string;
  @ApiPropertyOptional({ description: 'the Accept.js script to load (authorizenet only)' }) acceptJsUrl?: string;
  @ApiProperty({ type: DepositPaymentView, nullable: true, description: 'the latest deposit payment attempt; null: none yet' })
  payment: DepositPaymentView | null;
}
