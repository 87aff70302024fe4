import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, MaxLength, ValidateNested } from 'class-validator';

/** The browser-tokenised card (Accept.js, or the fake tokeniser): never a card number. */
export class OpaqueDataDto {
  @ApiProperty({ example: 'COMMON.ACCEPT.INAPP.PAYMENT', description: '`FAKE.TEST.PAYMENT` with the fake gateway' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  descriptor: string;

  @ApiProperty({ description: 'the single-use payment nonce' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(8192)
  value: string;
}

/** Body of `POST /api/payments` (spec §3 signature and payment fields). */
export class PayDto {
  @ApiProperty({ format: 'uuid' }) @IsUUID() applicationId: string;

  @ApiPropertyOptional({ type: OpaqueDataDto, description: 'required unless the discount code waives the whole fee' })
  @IsOptional()
  @ValidateNested()
  @Type(() => OpaqueDataDto)
  opaqueData?: OpaqueDataDto;

  @ApiPropertyOptional({ example: 'Moshe Levi' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  creditCardFullName?: string;

  @ApiPropertyOptional({
    example: '11230',
    description: "billing ZIP code (US) or the billing country's postal code, checked per country (issue 11 item 2)",
  })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  creditCardBillingZip?: string;

  @ApiPropertyOptional({ example: 'Canada', description: 'billing country, a value of dropdown `countries`; default United States' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  creditCardBillingCountry?: string;

  @ApiPropertyOptional({ example: 'SPRING25' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  discountCode?: string;

  @ApiProperty({ description: 'idempotency key of this attempt (8–64 of A-Z a-z 0-9 _ -); a new one per attempt, the same one on retry' })
  @IsDefined()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{8,64}$/)
  requestId: string;
}

/** Fee amounts (spec §9): amount, late fee, discount and total, in `currency` major units. */
export class FeeView {
  @ApiProperty({ example: 150 }) amount: number;
  @ApiProperty({ example: 150 }) lateFee: number;
  @ApiProperty({ example: 0 }) discount: number;
  @ApiProperty({ example: 300 }) total: number;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ type: String, nullable: true }) discountCode: string | null;
  @ApiProperty({ description: 'true when nothing is left to pay (Payment_Status becomes Waived)' }) waived: boolean;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: "the late fee of the application's offering applies after this instant; null: no late fee",
  })
  lateFeeAfter: string | null;
}

/**
 * The fee of an application now (spec §9) and how the browser tokenises the card: `gateway` `fake` (the
 * local test tokeniser, test cards only) or `authorizenet` (Accept.js, with the public `apiLoginId`,
 * `clientKey` and the sandbox or production `acceptJsUrl`).
 */
export class QuoteView extends FeeView {
  @ApiProperty({ enum: ['fake', 'authorizenet'], description: 'the configured card gateway (`PAYMENT_GATEWAY`)' })
  gateway: 'fake' | 'authorizenet';

  @ApiPropertyOptional({ description: 'Authorize.Net API login id for Accept.js (authorizenet only)', example: '5KP3u95bQpv' })
  apiLoginId?: string;

  @ApiPropertyOptional({ description: 'Authorize.Net public client key for Accept.js (authorizenet only; `AUTHNET_CLIENT_KEY`)' })
  clientKey?: string;

  @ApiPropertyOptional({
    description: 'the Accept.js script to load (authorizenet only): jstest.authorize.net in the sandbox, js.authorize.net in production',
    example: 'https://jstest.authorize.net/v1/Accept.js',
  })
  acceptJsUrl?: string;
}

/** Answer of `GET /api/payments/quote`. */
export class QuoteResponse {
  @ApiProperty() success: true;
  @ApiProperty({ type: QuoteView }) data: QuoteView;
}

/** A payment attempt's outcome and receipt. */
export class PaymentView extends FeeView {
  @ApiProperty() requestId: string;
  @ApiProperty({ enum: ['pending', 'approved', 'declined', 'held', 'rejected', 'unknown', 'waived'] }) status: string;
  @ApiProperty({ enum: ['Unpaid', 'Pending', 'Paid', 'Declined', 'Waived', 'Refunded'] }) Payment_Status: string;
  @ApiProperty({ description: 'the application’s reference number' }) referenceNumber: string;
  @ApiProperty({ type: String, nullable: true }) transactionId: string | null;
  @ApiProperty({ type: String, nullable: true, example: '1111' }) last4: string | null;
  @ApiProperty({ format: 'date-time' }) date: string;

  @ApiPropertyOptional({
    description:
      'approved or waived only: a fresh `details` token for the further-details form (`/details/1?token=…`); the application ' +
      'token stops opening the application once it is submitted (TKN-002). A new one is issued on every answer, replays included.',
  })
  detailsToken?: string;
}

/** Answer of `POST /api/payments` on approval or waiver (and `held`: 202). */
export class PaymentResponse {
  @ApiProperty() success: true;
  @ApiProperty({ type: PaymentView }) data: PaymentView;
}
