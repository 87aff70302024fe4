import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { DECISIONS, type ApplicationStatus, type Decision, type PaymentStatus } from '../../applications/application.entity.js';
import { REPLIES, type Reply } from '../../replies/reply-rules.js';

/** Application statuses a segment may name (DESIGN §5, issue 15). */
export const SEGMENT_STATUSES: readonly ApplicationStatus[] = ['draft', 'submitted', 'complete', 'withdrawn', 'under_review', 'decided'];
/** Payment_Status values (DESIGN §5). */
export const SEGMENT_PAYMENT_STATUSES: readonly PaymentStatus[] = ['Unpaid', 'Pending', 'Paid', 'Declined', 'Waived', 'Refunded'];
/** Program groups. */
export const SEGMENT_PROGRAMS = ['underGraduate', 'graduate', 'postGraduate', 'preRequisite'] as const;
/** `decision` values: a decision, or `none` (not decided). */
export const SEGMENT_DECISIONS = [...DECISIONS, 'none'] as const;
/** `reply` values: a recorded reply, or `none` (no reply yet). */
export const SEGMENT_REPLIES = [...REPLIES, 'none'] as const;
/** How a checklist item key looks (a step key, `fee`, a document slot, `first` / `second`). */
const ITEM_KEY = /^[A-Za-z0-9_-]{1,60}$/;

/** A list of at most 50 strings of at most 100 characters. */
const Texts = () => applyDecorators(IsArray(), ArrayMaxSize(50), IsString({ each: true }), MaxLength(100, { each: true }));

/**
 * The filter of a segment (issue 30 item 1; docs/api.md "Outreach"): an allow-list — a field not named
 * here is refused (422 VAL-001). Every field narrows (AND); a list matches any of its values; an empty list
 * or an absent field does not filter.
 *
 * The Applications list's filters (`q`, `status`, `fieldOfInterest`, `program`, `semester` (the term),
 * `round`, `gender`, `Payment_Status`, `createdFrom`/`createdTo`, `updatedFrom`/`updatedTo`, applied by
 * the list's own query, `AdminApplicationsService.filtered`), plus: the step reached, days idle, checklist
 * items missing (the rule set of `GET /api/applications/{id}/checklist`), fee unpaid, decision and reply.
 * Without `status`, withdrawn applications are left out (name `withdrawn` in `status` to reach them).
 */
export class SegmentFilterDto {
  @ApiPropertyOptional({ maxLength: 200, description: 'part of the name or e-mail, or the reference number (as the Applications list)' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;

  @ApiPropertyOptional({ enum: SEGMENT_STATUSES, isArray: true, description: 'any of; absent: every status but withdrawn' })
  @IsOptional()
  @IsArray()
  @IsIn(SEGMENT_STATUSES, { each: true })
  status?: ApplicationStatus[];

  @ApiPropertyOptional({ type: [String], example: ['MSW'], description: 'field-of-interest keys (any of)' })
  @IsOptional()
  @Texts()
  fieldOfInterest?: string[];

  @ApiPropertyOptional({ enum: SEGMENT_PROGRAMS, isArray: true, description: 'program groups (any of)' })
  @IsOptional()
  @IsArray()
  @IsIn(SEGMENT_PROGRAMS, { each: true })
  program?: string[];

  @ApiPropertyOptional({
    type: [String],
    description: "terms: the semester keys applied for (any of; a term's key, the wire value of `semesterApplied`)",
  })
  @IsOptional()
  @Texts()
  semester?: string[];

  @ApiPropertyOptional({
    type: [String],
    example: ['priority'],
    description: "admission rounds of the application's offering (any of; issue 25)",
  })
  @IsOptional()
  @Texts()
  round?: string[];

  @ApiPropertyOptional({ enum: ['Female', 'Male'], isArray: true })
  @IsOptional()
  @IsArray()
  @IsIn(['Female', 'Male'], { each: true })
  gender?: ('Female' | 'Male')[];

  @ApiPropertyOptional({ enum: SEGMENT_PAYMENT_STATUSES, isArray: true })
  @IsOptional()
  @IsArray()
  @IsIn(SEGMENT_PAYMENT_STATUSES, { each: true })
  Payment_Status?: PaymentStatus[];

  @ApiPropertyOptional({ example: '2026-01-31', description: 'created on or after (YYYY-MM-DD, or an ISO 8601 instant)' })
  @IsOptional()
  @IsISO8601({ strict: true })
  createdFrom?: string;

  @ApiPropertyOptional({ example: '2026-02-28', description: 'created on or before (YYYY-MM-DD includes that day)' })
  @IsOptional()
  @IsISO8601({ strict: true })
  createdTo?: string;

  @ApiPropertyOptional({ description: 'last changed on or after (YYYY-MM-DD or ISO 8601)' })
  @IsOptional()
  @IsISO8601({ strict: true })
  updatedFrom?: string;

  @ApiPropertyOptional({ description: 'last changed on or before (YYYY-MM-DD includes that day)' })
  @IsOptional()
  @IsISO8601({ strict: true })
  updatedTo?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 8, description: 'step reached at least (1–8, DESIGN §3)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(8)
  stepReachedMin?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 8, description: 'step reached at most' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(8)
  stepReachedMax?: number;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 3650,
    description: 'idle at least this many whole days: days since the application last changed (`updatedAt`), on the server clock',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(3650)
  idleDaysMin?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 3650, description: 'idle at most this many whole days' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(3650)
  idleDaysMax?: number;

  @ApiPropertyOptional({
    description: 'true: the fee is awaited (Payment_Status neither Paid nor Waived, as the checklist says); false: paid or waived',
  })
  @IsOptional()
  @IsBoolean()
  feeUnpaid?: boolean;

  @ApiPropertyOptional({
    type: [String],
    example: ['resume', 'first'],
    description:
      "checklist items awaited, any of: the item keys of GET /api/applications/{id}/checklist (a step key such as 'personal', 'fee', a document slot, 'first' / 'second' recommendation)",
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(30)
  @Matches(ITEM_KEY, { each: true })
  missing?: string[];

  @ApiPropertyOptional({ enum: SEGMENT_DECISIONS, isArray: true, description: "the office's decision (any of; `none`: not decided)" })
  @IsOptional()
  @IsArray()
  @IsIn(SEGMENT_DECISIONS, { each: true })
  decision?: (Decision | 'none')[];

  @ApiPropertyOptional({ description: 'true: the decision was released to the applicant; false: not (yet)' })
  @IsOptional()
  @IsBoolean()
  decisionReleased?: boolean;

  @ApiPropertyOptional({
    enum: SEGMENT_REPLIES,
    isArray: true,
    description: "the applicant's reply (any of; `none`: no reply yet; issue 29)",
  })
  @IsOptional()
  @IsArray()
  @IsIn(SEGMENT_REPLIES, { each: true })
  reply?: (Reply | 'none')[];
}

/** A segment's filter as stored and passed around (the fields of {@link SegmentFilterDto}). */
export type SegmentFilter = { [K in keyof SegmentFilterDto]?: SegmentFilterDto[K] };
