import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsNotEmpty, IsString, Max, MaxLength, Min } from 'class-validator';
import { OmittableNotNull } from '../../../common/validation/optional-fields.js';
import type { ReviewCriterion } from '../review-criterion.entity.js';

/** A review criterion with its label in each language (`/api/admin/review-criteria`). */
export class ReviewCriterionResponse {
  @ApiProperty() id: number;
  @ApiProperty({ example: 'Essay' }) labelEn: string;
  @ApiProperty({ example: 'Ensayo' }) labelEs: string;
  @ApiProperty({ example: '论文' }) labelZhCn: string;
  @ApiProperty({ description: 'display order, ascending' }) position: number;
  @ApiProperty({ description: 'false: archived, no longer rated (old ratings stay)' }) active: boolean;

  /** Maps an entity. */
  static from(c: ReviewCriterion): ReviewCriterionResponse {
    return Object.assign(new ReviewCriterionResponse(), {
      id: c.id,
      labelEn: c.labelEn,
      labelEs: c.labelEs,
      labelZhCn: c.labelZhCn,
      position: c.position,
      active: c.active,
    });
  }
}

/** `POST /api/admin/review-criteria`: a new criterion. Unknown fields are refused (422). */
export class CreateReviewCriterionDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(100) labelEn: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(100) labelEs: string;
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(100) labelZhCn: string;
  @ApiPropertyOptional() @OmittableNotNull() @IsInt() @Min(0) @Max(1000) position?: number;
  @ApiPropertyOptional() @OmittableNotNull() @IsBoolean() active?: boolean;
}

/** `PUT /api/admin/review-criteria/:id`: any subset of the fields. */
export class UpdateReviewCriterionDto {
  @ApiPropertyOptional() @OmittableNotNull() @IsString() @IsNotEmpty() @MaxLength(100) labelEn?: string;
  @ApiPropertyOptional() @OmittableNotNull() @IsString() @IsNotEmpty() @MaxLength(100) labelEs?: string;
  @ApiPropertyOptional() @OmittableNotNull() @IsString() @IsNotEmpty() @MaxLength(100) labelZhCn?: string;
  @ApiPropertyOptional() @OmittableNotNull() @IsInt() @Min(0) @Max(1000) position?: number;
  @ApiPropertyOptional() @OmittableNotNull() @IsBoolean() active?: boolean;
}
