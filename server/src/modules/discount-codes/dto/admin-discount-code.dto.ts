import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsISO8601, IsNumber, IsOptional, IsString, Matches, MaxLength, Min, ValidateIf } from 'class-validator';
import { MaxDecimalPlaces } from '../../../common/validation/formats.js';
import { PAYMENT_PURPOSES, type PaymentPurpose } from '../../payments/payment-purpose.js';
import type { DiscountCode, DiscountKind } from '../discount-code.entity.js';

/** A discount code in the admin console (`/api/admin/discount-codes`). */
export class DiscountCodeResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'SPRING25' }) code: string;
  @ApiProperty({ enum: ['fixed', 'percent', 'waiver'] }) kind: DiscountKind;
  @ApiProperty({
    example: 25,
    description: 'off the fee: the configured currency’s major unit (fixed, e.g. 25.5) or percent (percent); 0 for waiver',
  })
  value: number;
  @ApiProperty({
    enum: PAYMENT_PURPOSES,
    description: 'what the code discounts: the application fee, or the enrollment deposit (issue 29 item 2)',
  })
  appliesTo: PaymentPurpose;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) expiresAt: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'null: unlimited' }) maxUses: number | null;
  @ApiProperty({ description: 'payments that used the code' }) usageCount: number;
  @ApiProperty() active: boolean;
  @ApiProperty({ description: 'active, not expired and not used up: would be accepted now' }) usable: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;

  /** Maps an entity. */
  static from(row: DiscountCode, now = new Date()): DiscountCodeResponse {
    return Object.assign(new DiscountCodeResponse(), {
      id: row.id,
      code: row.code,
      kind: row.kind,
      value: row.valueHundredths / 100,
      appliesTo: row.appliesTo,
      description: row.description,
      expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
      maxUses: row.maxUses,
      usageCount: row.usageCount,
      active: row.active,
      usable: row.active && (!row.expiresAt || row.expiresAt > now) && (row.maxUses === null || row.usageCount < row.maxUses),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    });
  }
}

/**
 * Create (`POST`) or update (`PUT`) a code. To expire a code, set `expiresAt` (e.g. now) or `active: false`.
 * `code`: 3–40 letters, digits, `-` or `_`, stored upper-case.
 */
export class DiscountCodeDto {
  @ApiProperty({ example: 'SPRING25' }) @IsString() @Matches(/^[A-Za-z0-9_-]{3,40}$/) code: string;
  @ApiProperty({ enum: ['fixed', 'percent', 'waiver'] }) @IsIn(['fixed', 'percent', 'waiver']) kind: DiscountKind;
  @ApiPropertyOptional({ default: 0 })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @MaxDecimalPlaces(2)
  @Min(0)
  value?: number;
  @ApiPropertyOptional({
    enum: PAYMENT_PURPOSES,
    default: 'application_fee',
    description: 'what the code discounts (issue 29 item 2); a waiver of `enrollment_deposit` waives the deposit',
  })
  @IsOptional()
  @IsIn(PAYMENT_PURPOSES)
  appliesTo?: PaymentPurpose;
  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(500)
  description?: string | null;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsISO8601({ strict: true })
  expiresAt?: string | null;
  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 1 })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(1)
  maxUses?: number | null;
  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean() active?: boolean;
}
