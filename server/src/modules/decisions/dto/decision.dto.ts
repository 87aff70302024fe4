import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  MinLength,
} from 'class-validator';
import { DECISIONS, type Decision } from '../../applications/application.entity.js';
import { LOCALES } from '../../../common/i18n/i18n.service.js';

/** Body of `PUT /api/admin/applications/{id}/decision`. */
export class DecideDto {
  @ApiProperty({ enum: DECISIONS })
  @IsIn(DECISIONS)
  decision: Decision;

  @ApiPropertyOptional({
    description:
      'issue 29 item 4: true to admit although the offering has no seat left for it (accepted offers + open offers + 1 > seats); ' +
      'without it such an admit answers 409 SEAT-409-over-capacity with the figures. Ignored for other decisions.',
  })
  @IsOptional()
  @IsBoolean()
  acknowledgeOverCapacity?: boolean;
}

/** Body of `POST /api/admin/decisions/release`. */
export class ReleaseDecisionsDto {
  @ApiProperty({ type: [String], format: 'uuid', description: 'applications to release (1–500), each decided and not yet released' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @IsUUID('all', { each: true })
  ids: string[];

  @ApiPropertyOptional({
    format: 'date-time',
    description: 'release instant (ISO 8601 with offset, e.g. 2026-05-01T13:00:00Z); absent or past: now',
  })
  @IsOptional()
  @IsISO8601({ strict: true })
  at?: string;

  @ApiPropertyOptional({
    format: 'date-time',
    description: "the applicants' reply deadline (issue 29; ISO 8601 with offset); absent: the offering's reply deadline",
  })
  @IsOptional()
  @IsISO8601({ strict: true })
  replyBy?: string;
}

/** Body of `PUT /api/admin/decision-templates/{decision}/{locale}`. */
export class SaveTemplateDto {
  @ApiProperty({ maxLength: 200 })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  subject: string;

  @ApiProperty({
    maxLength: 20000,
    description: 'plain text; merge fields {{fullName}} {{firstName}} {{lastName}} {{program}} {{semester}} {{referenceNumber}}',
  })
  @IsString()
  @MinLength(1)
  @MaxLength(20000)
  body: string;
}

/** Where an application's decision stands (admin view). */
export class DecisionStateResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() status: string;
  @ApiProperty({ enum: DECISIONS, nullable: true }) decision: Decision | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) decidedAt: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) decidedBy: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'scheduled release (UTC)' })
  decisionReleaseAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) decisionReleasedAt: string | null;
}

/** Answer of the bulk release. */
export class ReleaseDecisionsResponse {
  @ApiProperty({ description: 'applications scheduled' }) scheduled: number;
  @ApiProperty({ format: 'date-time', description: 'the release instant used (UTC)' }) at: string;
}

/** A decision letter template. */
export class DecisionTemplateResponse {
  @ApiProperty({ description: '`{decision}:{locale}`, for react-admin' }) id: string;
  @ApiProperty({ enum: DECISIONS }) decision: Decision;
  @ApiProperty({ enum: LOCALES }) locale: string;
  @ApiProperty() subject: string;
  @ApiProperty() body: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

/** A rendered letter (preview, or the applicant's released letter). */
export class DecisionLetterResponse {
  @ApiProperty({ format: 'uuid' }) applicationId: string;
  @ApiProperty({ enum: DECISIONS }) decision: Decision;
  @ApiProperty({ enum: LOCALES }) locale: string;
  @ApiProperty() subject: string;
  @ApiProperty({ description: 'plain text' }) text: string;
  @ApiProperty({ description: 'HTML paragraphs; every merged value and template character escaped' }) html: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'null in a preview before release' })
  releasedAt: string | null;
  @ApiProperty({ description: 'false when the letter has characters the PDF font lacks (zh-CN): print the page instead' })
  pdfAvailable: boolean;
}
