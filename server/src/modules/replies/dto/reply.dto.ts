import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { DECISIONS, type Decision } from '../../applications/application.entity.js';
import { REPLIES, REPLY_CHOICES, type Reply, type ReplyChoice } from '../reply-rules.js';

/** Body of `PUT /api/applications/{id}/reply` (issue 29 item 1). */
export class ReplyDto {
  @ApiProperty({
    enum: REPLY_CHOICES,
    description: 'admitted: accept, decline or defer; waitlisted: stay or withdraw (`choices` of GET …/reply)',
  })
  @IsIn(REPLY_CHOICES)
  choice: ReplyChoice;

  @ApiPropertyOptional({ description: "decline: a value of the office's `declineReasons` list (GET /api/dropdowns)" })
  @ValidateIf((dto: ReplyDto) => dto.choice === 'decline')
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  reason?: string;

  @ApiPropertyOptional({ description: 'decline: where the applicant will attend instead (optional)', maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  attendingInstead?: string;

  @ApiPropertyOptional({ description: 'defer: the key of a semester from `deferralSemesters`' })
  @ValidateIf((dto: ReplyDto) => dto.choice === 'defer')
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  deferTo?: string;

  @ApiPropertyOptional({ description: 'defer: why the applicant asks to start later', maxLength: 1000 })
  @ValidateIf((dto: ReplyDto) => dto.choice === 'defer')
  @IsString()
  @MinLength(1)
  @MaxLength(1000)
  deferralNote?: string;
}

/** A semester an admitted applicant may ask to defer to. */
export class DeferralSemesterDto {
  @ApiProperty({ description: 'the wire value of `semesterApplied` (a term key the office set)' }) key: string;
  @ApiProperty({ description: "the semester's name in the caller's language" }) label: string;
  @ApiProperty({ format: 'date', description: 'first day of classes' }) startsOn: string;
}

/** Where the applicant's reply stands: `GET` and `PUT /api/applications/{id}/reply`. */
export class ReplyResponse {
  @ApiProperty({ format: 'uuid' }) applicationId: string;
  @ApiProperty({ enum: DECISIONS }) decision: Decision;
  @ApiProperty({ enum: REPLIES, nullable: true, description: 'the recorded reply; null: none yet' }) reply: Reply | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) repliedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'reply deadline (UTC); null: none' })
  deadlineAt: string | null;
  @ApiProperty({ type: String, nullable: true, description: "the deadline in the caller's language and the applicant's time zone" })
  deadlineText: string | null;
  @ApiProperty({ enum: REPLY_CHOICES, isArray: true, description: 'what the applicant may answer now (empty after the deadline)' })
  choices: ReplyChoice[];
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'why no choice is open now: RPL-422-late (deadline passed), RPL-409-no-reply (denied), RPL-409-deposit (the deposit is paid: ' +
      'the answer stands), RPL-409-lapsed (the offer lapsed for want of the deposit)',
  })
  closedCode: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'decline: the value from `declineReasons`' }) reason: string | null;
  @ApiProperty({ type: String, nullable: true, description: "the reason's label in the caller's language" }) reasonLabel: string | null;
  @ApiProperty({ type: String, nullable: true }) attendingInstead: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'defer: the semester key asked for' }) deferTo: string | null;
  @ApiProperty({ type: String, nullable: true, description: "that semester's name in the caller's language" }) deferToLabel: string | null;
  @ApiProperty({ type: String, nullable: true }) deferralNote: string | null;
  @ApiProperty({
    type: String,
    enum: ['approved', 'denied'],
    nullable: true,
    description: "the office's answer to the deferral request (issue 29 item 3); null: none asked or still pending",
  })
  deferralDecision: 'approved' | 'denied' | null;
  @ApiProperty({ type: String, nullable: true, description: "the office's note on that answer" }) deferralDecisionNote: string | null;
  @ApiProperty({ type: [DeferralSemesterDto], description: 'admitted: the semesters of the same program that accept deferrals' })
  deferralSemesters: DeferralSemesterDto[];
}
