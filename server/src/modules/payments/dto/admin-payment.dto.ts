import { ApiProperty } from '@nestjs/swagger';

/** One payment attempt as `GET /api/admin/payments` lists it: money in integer cents with its currency. */
export class AdminPaymentResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) applicationId: string;
  @ApiProperty({ example: '100234' }) referenceNumber: string;
  @ApiProperty({ example: 'Moshe Levi' }) applicantName: string;
  @ApiProperty({ example: 'moshe@example.com' }) email: string;
  @ApiProperty({ enum: ['pending', 'approved', 'declined', 'held', 'rejected', 'unknown', 'waived'] }) status: string;
  @ApiProperty({ example: 'authorizenet', description: 'fake, authorizenet, or none (waived)' }) gateway: string;
  @ApiProperty({ example: 15000, description: 'application fee, cents' }) amountCents: number;
  @ApiProperty({ example: 0, description: 'late fee, cents' }) lateFeeCents: number;
  @ApiProperty({ example: 0, description: 'discount, cents' }) discountCents: number;
  @ApiProperty({ example: 15000, description: 'charged (or to be charged), cents' }) totalCents: number;
  @ApiProperty({ example: 'USD', description: 'ISO 4217' }) currency: string;
  @ApiProperty({ nullable: true, type: String }) transactionId: string | null;
  @ApiProperty({ nullable: true, type: String, example: '1111' }) last4: string | null;
  @ApiProperty({ nullable: true, type: String, description: "the gateway's error code of a refused attempt" }) errorCode: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}
