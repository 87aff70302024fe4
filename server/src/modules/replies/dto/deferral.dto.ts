import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

/** Where a deferral request stands in the office's queue (issue 29 item 3). */
export const DEFERRAL_STATUSES = ['pending', 'approved', 'denied'] as const;
export type DeferralStatus = (typeof DEFERRAL_STATUSES)[number];

/** Longest note the office may write on its answer (characters). */
export const DEFERRAL_DECISION_NOTE_MAX = 1000;

/** Body of `POST /api/admin/applications/{id}/deferral/approve`. */
export class ApproveDeferralDto {
  @ApiPropertyOptional({
    description: 'a note to the applicant (shown on the reply and in the e-mail)',
    maxLength: DEFERRAL_DECISION_NOTE_MAX,
  })
  @IsOptional()
  @IsString()
  @MaxLength(DEFERRAL_DECISION_NOTE_MAX)
  note?: string;
}

/** Body of `POST /api/admin/applications/{id}/deferral/deny`: why, for the applicant. */
export class DenyDeferralDto {
  @ApiProperty({
    description: 'why the request is declined (shown on the reply and in the e-mail)',
    minLength: 1,
    maxLength: DEFERRAL_DECISION_NOTE_MAX,
  })
  @IsString()
  @MinLength(1)
  @MaxLength(DEFERRAL_DECISION_NOTE_MAX)
  note: string;
}

/** One deferral request in the office's queue (`GET /api/admin/deferrals`). */
export class DeferralRowResponse {
  @ApiProperty({ format: 'uuid', description: 'the application id' }) id: string;
  @ApiProperty({ description: "the applicant's name, in the order of the application's language" }) name: string;
  @ApiProperty({ description: 'the reference number' }) referenceNumber: string;
  @ApiProperty({ description: "the program's label in the caller's language" }) program: string;
  @ApiProperty({ description: 'the semester key the applicant was admitted to (before an approval moved it)' }) fromTerm: string;
  @ApiProperty({ description: "that semester's name in the caller's language" }) fromTermLabel: string;
  @ApiProperty({ description: 'the semester key asked for' }) toTerm: string;
  @ApiProperty({ description: "that semester's name in the caller's language" }) toTermLabel: string;
  @ApiProperty({ type: String, nullable: true, description: "the applicant's reason" }) note: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'when the applicant asked (the reply instant)' })
  requestedAt: string | null;
  @ApiProperty({ enum: DEFERRAL_STATUSES }) status: DeferralStatus;
  @ApiProperty({ type: String, nullable: true, description: "the office's note on its answer" }) decisionNote: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) decidedAt: string | null;
}

/** The answer of `POST …/deferral/approve` and `…/deny`: the request as the queue now shows it. */
export class DeferralDecisionResponse extends DeferralRowResponse {
  @ApiProperty({
    enum: ['keep-decision', 'reopen'],
    nullable: true,
    description: 'approved: what happened to the decision (DEFERRAL_APPROVAL)',
  })
  approval: 'keep-decision' | 'reopen' | null;
}
