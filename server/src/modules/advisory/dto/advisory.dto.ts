import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsISO8601, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import type { AdvisoryLine } from '../advisory-line.entity.js';

/** An advisory line in the admin console (`/api/admin/advisory-lines`). */
export class AdvisoryLineResponse {
  @ApiProperty() id: number;
  @ApiProperty({ description: 'the line in English, e.g. a term, a program and its deadline' }) textEn: string;
  @ApiProperty() textEs: string;
  @ApiProperty() textZhCn: string;
  @ApiProperty({ description: 'lines show in ascending order' }) sortOrder: number;
  @ApiProperty() active: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'hidden after this instant' }) showUntil: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;

  /** Maps an entity. */
  static from(row: AdvisoryLine): AdvisoryLineResponse {
    return Object.assign(new AdvisoryLineResponse(), {
      id: row.id,
      textEn: row.textEn,
      textEs: row.textEs,
      textZhCn: row.textZhCn,
      sortOrder: row.sortOrder,
      active: row.active,
      showUntil: row.showUntil ? row.showUntil.toISOString() : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    });
  }
}

/** Create or replace a line (`POST`, `PUT`): the text in each language (1–500 characters). */
export class AdvisoryLineDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(500) textEn: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(500) textEs: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(500) textZhCn: string;
  @ApiPropertyOptional({ default: 0 }) @IsOptional() @IsInt() @Min(-1000) @Max(1000) sortOrder?: number;
  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean() active?: boolean;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsISO8601({ strict: true })
  showUntil?: string | null;
}

/** One line of the public banner. */
export class AdvisoryBannerLine {
  @ApiProperty() id: number;
  @ApiProperty({ description: "the text in the caller's language (Accept-Language)" }) text: string;
  @ApiProperty({ type: 'object', properties: { en: { type: 'string' }, es: { type: 'string' }, 'zh-CN': { type: 'string' } } })
  texts: { en: string; es: string; 'zh-CN': string };
}

/** `GET /api/advisory`. */
export class AdvisoryBannerResponse {
  @ApiProperty() success: true;
  @ApiProperty({ type: [AdvisoryBannerLine] }) data: AdvisoryBannerLine[];
}
