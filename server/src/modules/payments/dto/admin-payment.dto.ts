import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { PAYMENT_PURPOSES, type PaymentPurpose } from '../payment-purpose.js';

/** One payment attempt as `GET /api/admin/payments` lists it: money in integer cents with its currency. */
export class AdminPaymentResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) applicationId: string;
  @ApiProperty({ example: '100234' }) referenceNumber: string;
  @ApiProperty({ example: 'Moshe Levi' }) applicantName: string;
  @ApiProperty({ example: 'moshe@example.com' }) email: string;
  @ApiProperty({ enum: PAYMENT_PURPOSES, description: 'what it pays for (issue 29 item 2)' }) purpose: PaymentPurpose;
  @ApiProperty({ enum: ['pending', 'approved', 'declined', 'held', 'rejected', 'unknown', 'waived', 'refunded', 'voided'] }) status: string;
  @ApiProperty({ example: 'authorizenet', description: 'fake, authorizenet, or none (waived)' }) gateway: string;
  @ApiProperty({ example: 15000, description: 'application fee or deposit, cents' }) amountCents: number;
  @ApiProperty({ example: 0, description: 'late fee, cents' }) lateFeeCents: number;
  @ApiProperty({ example: 0, description: 'discount, cents' }) discountCents: number;
  @ApiProperty({ example: 15000, description: 'charged (or to be charged), cents' }) totalCents: number;
  @ApiProperty({ example: 'USD', description: 'ISO 4217' }) currency: string;
  @ApiProperty({ nullable: true, type: String }) transactionId: string | null;
  @ApiProperty({ nullable: true, type: String, example: '1111' }) last4: string | null;
  @ApiProperty({ nullable: true, type: String, description: "the gateway's error code of a refused attempt" }) errorCode: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'refund',
    description: 'how an admin reversed it: refund or void (null: not reversed)',
  })
  reversalKind: 'refund' | 'void' | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) reversedAt: string | null;
  @ApiProperty({ type: String, nullable: true, description: "the refund's own transaction id at the gateway" }) reversalTransactionId:
    string | null;
  @ApiProperty({ type: String, nullable: true, description: "the admin's note on the reversal" }) reversalNote: string | null;
  @ApiProperty({ type: String, nullable: true, description: "the gateway's answer to the last refused (or unanswered) reversal" })
  reversalError: string | null;
  @ApiProperty({
    description:
      'an admin may refund or void it now: approved (charged), not reversed; for a deposit, its offering is refundable ' +
      '(otherwise only with `override` and a note)',
  })
  reversible: boolean;
  @ApiProperty({ description: "a deposit whose offering's policy is refundable (always true for an application fee)" }) refundable: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

/**
 * Body of `POST /api/admin/payments/{id}/refund` and `…/void` (issue 29 item 2). A deposit of an offering
 * that is not refundable is refused (409 DEP-409-not-refundable) unless `override` is true and a `note` says why.
 */
export class PaymentReversalDto {
  @ApiPropertyOptional({
    description: "true: reverse a non-refundable deposit anyway (the office's exception; needs a note); default false",
  })
  @IsOptional()
  @IsBoolean()
  override?: boolean;

  @ApiPropertyOptional({ maxLength: 1000, description: 'why (kept with the payment and in the audit log)' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  note?: string;
}
