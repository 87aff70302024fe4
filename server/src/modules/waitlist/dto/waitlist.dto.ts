import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';

/** Longest waitlist a reorder may send whole, and most applicants admitted at once. */
export const WAITLIST_MAX = 2000;
export const ADMIT_MAX = 200;

/** The reply of a waitlisted applicant, as the waitlist shows it. */
export const WAITLIST_ENTRY_REPLIES = ['staying_on_waitlist', 'withdrawn_from_waitlist'] as const;

/**
 * Body of `PUT /api/admin/offerings/{id}/waitlist` (issue 29 item 4): either `ids`, the whole waitlist in its new
 * order, or `id` and `rank`, one applicant moved to a rank (the others keep their order). `version` (from the GET)
 * makes the change conditional: refused with 409 WTL-409-stale once the waitlist changed since.
 */
export class ReorderWaitlistDto {
  @ApiPropertyOptional({
    type: [String],
    format: 'uuid',
    description: `the whole waitlist, first to last (every ranked application once; at most ${WAITLIST_MAX})`,
  })
  @ValidateIf((dto: ReorderWaitlistDto) => dto.id === undefined && dto.rank === undefined)
  @IsArray()
  @ArrayMaxSize(WAITLIST_MAX)
  @IsUUID('all', { each: true })
  ids?: string[];

  @ApiPropertyOptional({ format: 'uuid', description: 'the application to move (with `rank`, without `ids`)' })
  @ValidateIf((dto: ReorderWaitlistDto) => dto.ids === undefined)
  @IsUUID('all')
  id?: string;

  @ApiPropertyOptional({ minimum: 1, description: 'its new rank, 1 = first (at most the waitlist’s length)' })
  @ValidateIf((dto: ReorderWaitlistDto) => dto.ids === undefined)
  @IsInt()
  @Min(1)
  @Max(WAITLIST_MAX)
  rank?: number;

  @ApiPropertyOptional({ description: 'the `version` of the waitlist the change was made from (GET); absent: unconditional' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  version?: string;
}

/** Body of `POST /api/admin/offerings/{id}/waitlist/admit` (issue 29 item 4). */
export class AdmitFromWaitlistDto {
  @ApiProperty({
    type: [String],
    format: 'uuid',
    description: `the waitlisted applications to admit (1–${ADMIT_MAX}), each on this offering's waitlist; all or none`,
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(ADMIT_MAX)
  @IsUUID('all', { each: true })
  ids: string[];

  @ApiPropertyOptional({
    format: 'date-time',
    description:
      "the admitted applicants' reply deadline (ISO 8601 with offset, in the future); absent: the offering's reply deadline " +
      '(422 WTL-422-reply-by when that has passed), or none',
  })
  @IsOptional()
  @IsISO8601({ strict: true })
  replyBy?: string;

  @ApiPropertyOptional({
    description: 'true to admit although it passes the seats (accepted + open offers + these > seats); else 409 SEAT-409-over-capacity',
  })
  @IsOptional()
  @IsBoolean()
  acknowledgeOverCapacity?: boolean;
}

/** An offering's seats against its admits (`contract/format/seats.ts`). */
export class SeatFiguresResponse {
  @ApiProperty({ type: Number, nullable: true, description: "the offering's seats; null: no limit" }) seats: number | null;
  @ApiProperty({ description: 'accepted offers (each takes a seat)' }) taken: number;
  @ApiProperty({ description: 'admit decisions still open: no reply yet before the deadline, or a deferral request not answered' })
  offersOut: number;
  @ApiProperty({ type: Number, nullable: true, description: 'seats − taken (negative when over); null: no limit' })
  seatsLeft: number | null;
}

/** What an admit came to against the seats. */
export class SeatCheckResponse extends SeatFiguresResponse {
  @ApiProperty({ description: 'how many were admitted' }) requested: number;
  @ApiProperty({ type: Number, nullable: true, description: 'seats − taken − offersOut − requested; null: no limit' })
  freeAfter: number | null;
  @ApiProperty({ description: 'true when the admit passed capacity (acknowledged)' }) overCapacity: boolean;
}

/** One applicant of the waitlist. */
export class WaitlistEntryResponse {
  @ApiProperty({ format: 'uuid', description: 'the application id' }) id: string;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'place on the waitlist, 1 = first; null: withdrew from the waitlist (listed after the ranked ones)',
  })
  rank: number | null;
  @ApiProperty({ description: "the applicant's name in its own order (`contract/format/person-name.ts`)" }) name: string;
  @ApiProperty() referenceNumber: string;
  @ApiProperty({
    type: String,
    enum: WAITLIST_ENTRY_REPLIES,
    nullable: true,
    description: 'the applicant’s reply: staying, withdrawn, or null (none yet)',
  })
  reply: (typeof WAITLIST_ENTRY_REPLIES)[number] | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) repliedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'when the waitlist decision was recorded' })
  decidedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'when it was released; null: not yet' })
  releasedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'the reply deadline; null: none' })
  replyDeadlineAt: string | null;
}

/** `GET /api/admin/offerings/{id}/waitlist`: the ranked waitlist of an offering and its seats. */
export class WaitlistResponse {
  @ApiProperty({ description: 'the offering id' }) offeringId: number;
  @ApiProperty({ description: 'the field of interest (wire value)' }) programName: string;
  @ApiProperty({ description: "the program's label in the caller's language" }) programLabel: string;
  @ApiProperty({ enum: ['female', 'male'] }) gender: string;
  @ApiProperty({ description: 'the term key' }) termKey: string;
  @ApiProperty({ description: "the term's name in the caller's language" }) termLabel: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: "the offering's reply deadline" })
  replyDeadlineAt: string | null;
  @ApiProperty({ type: SeatFiguresResponse }) seats: SeatFiguresResponse;
  @ApiProperty({ description: 'digest of the ranked ids in order; send it with a reorder to make it conditional' }) version: string;
  @ApiProperty({ description: 'how many are ranked' }) ranked: number;
  @ApiProperty({ type: [WaitlistEntryResponse], description: 'ranked first (rank 1..n), then those who withdrew' })
  entries: WaitlistEntryResponse[];
}

/** Answer of an admit from the waitlist. */
export class AdmitFromWaitlistResponse {
  @ApiProperty({ description: 'how many were admitted' }) admitted: number;
  @ApiProperty({ type: [String], format: 'uuid' }) ids: string[];
  @ApiProperty({ format: 'date-time', description: 'the release instant of the admit letters (now; the release job e-mails them)' })
  releaseAt: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: "their reply deadline: `replyBy`, else the offering's; null: none",
  })
  replyBy: string | null;
  @ApiProperty({ type: SeatCheckResponse }) seats: SeatCheckResponse;
  @ApiProperty({ type: WaitlistResponse, description: 'the waitlist after the admit' }) waitlist: WaitlistResponse;
}
