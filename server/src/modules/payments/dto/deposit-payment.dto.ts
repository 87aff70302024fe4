import { ApiProperty, OmitType } from '@nestjs/swagger';
import { DEPOSIT_STATUSES, type DepositStatus } from '../../applications/application.entity.js';
import { PayDto } from './payment.dto.js';

/**
 * Body of `POST /api/applications/{id}/deposit` (issue 29 item 2): the fee payment's body without
 * `applicationId` (it is in the path) — browser-tokenised card, holder, billing country and postal code, an
 * optional discount code that applies to deposits, and the attempt's `requestId` (idempotency key: a new one per
 * attempt, the same one on a retry of that attempt).
 */
export class DepositPayDto extends OmitType(PayDto, ['applicationId'] as const) {}

/** One deposit payment attempt and its receipt, money in integer cents (issue 29 item 2). */
export class DepositPaymentView {
  @ApiProperty({ description: 'the idempotency key of the attempt' }) requestId: string;
  @ApiProperty({ enum: ['enrollment_deposit'] }) purpose: 'enrollment_deposit';
  @ApiProperty({ enum: ['pending', 'approved', 'declined', 'held', 'rejected', 'unknown', 'waived', 'refunded', 'voided'] })
  status: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'paid',
    description: `the application's deposit status after this attempt: ${DEPOSIT_STATUSES.join(', ')}; null: unpaid (nothing charged)`,
  })
  depositStatus: DepositStatus | null;
  @ApiProperty({ description: 'the application’s reference number' }) referenceNumber: string;
  @ApiProperty({ example: 50000, description: "the offering's deposit, integer cents" }) amountCents: number;
  @ApiProperty({ example: 0, description: 'taken off by the discount code, integer cents' }) discountCents: number;
  @ApiProperty({ example: 50000, description: 'charged, integer cents (0 when waived)' }) totalCents: number;
  @ApiProperty({ example: 'USD', description: 'ISO 4217' }) currency: string;
  @ApiProperty({ type: String, nullable: true }) discountCode: string | null;
  @ApiProperty({ description: 'a deposit waiver code left nothing to pay' }) waived: boolean;
  @ApiProperty({ type: String, nullable: true }) transactionId: string | null;
  @ApiProperty({ type: String, nullable: true, example: '1111' }) last4: string | null;
  @ApiProperty({ format: 'date-time', description: 'when the attempt was last recorded' }) date: string;
}

/** Answer of `POST /api/applications/{id}/deposit`: 201 paid or waived, 202 held for review. */
export class DepositPaymentResponse {
  @ApiProperty() success: true;
  @ApiProperty({ type: DepositPaymentView }) data: DepositPaymentView;
}
