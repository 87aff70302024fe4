import { ApiProperty } from '@nestjs/swagger';
import type { ClassShapeCounts } from '../../../../../contract/format/class-shape.js';

/**
 * The counts of the class taking shape (issue 29 item 5; `contract/format/class-shape.ts`): released decisions
 * only (an application `decided` whose decision was released), each a number of applications.
 */
export class ClassShapeCountsResponse implements ClassShapeCounts {
  @ApiProperty({ description: 'released admit decisions' }) admitted: number;
  @ApiProperty({ description: 'admitted applicants who accepted the offer' }) accepted: number;
  @ApiProperty({ description: 'admitted applicants who declined the offer' }) declined: number;
  @ApiProperty({ description: 'admitted applicants whose deferral request the office has not answered yet' }) deferralRequested: number;
  @ApiProperty({ description: 'applications an approved deferral moved out of this offering (to a later term)' }) deferred: number;
  @ApiProperty({ description: 'admitted applicants who have not replied yet' }) noReply: number;
  @ApiProperty({ description: 'released waitlist decisions' }) waitlisted: number;
  @ApiProperty({ description: 'waitlisted applicants who chose to stay on the waitlist' }) waitlistStaying: number;
  @ApiProperty({ description: 'waitlisted applicants who withdrew from the waitlist' }) waitlistWithdrawn: number;
  @ApiProperty({ description: 'waitlisted applicants who have not replied yet' }) waitlistNoReply: number;
  @ApiProperty({ description: 'accepted offers whose enrollment deposit is paid or waived and stands (of `accepted`; issue 29 item 2)' })
  deposited: number;
  @ApiProperty({ description: 'accepted offers that lapsed for want of the deposit by its deadline (of `admitted`)' }) lapsed: number;
  @ApiProperty({
    description:
      'deposits paid and then lost: declined or withdrawn since, or refunded / voided by the office (withdrawn ones count only here)',
  })
  melt: number;
}

/** How many admitted applicants declined with one reason. */
export class DeclineReasonCountResponse {
  @ApiProperty({ type: String, nullable: true, description: 'a value of the `declineReasons` option list; null: no reason recorded' })
  reason: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "the option's label in the caller's language (the value itself when the office removed the option); null with no reason",
  })
  label: string | null;
  @ApiProperty({ minimum: 1 }) count: number;
}

/** One offering (program × term) of the class view: its seats and counts. `id` is the offering's id. */
export class ClassShapeRowResponse extends ClassShapeCountsResponse {
  @ApiProperty({ description: 'the offering id' }) id: number;
  @ApiProperty() termId: number;
  @ApiProperty({ description: 'the term key (wire value of `semesterApplied`)' }) termKey: string;
  @ApiProperty({ description: "the term's name in the caller's language" }) termLabel: string;
  @ApiProperty({ format: 'date', description: 'first day of classes, YYYY-MM-DD' }) termStartsOn: string;
  @ApiProperty() programId: number;
  @ApiProperty({ description: 'the field of interest (wire value of `fieldOfInterest`)' }) programName: string;
  @ApiProperty({ description: "the program's label in the caller's language" }) programLabel: string;
  @ApiProperty({ enum: ['female', 'male'] }) gender: string;
  @ApiProperty({ description: 'archived offerings are listed only while they have released decisions' }) archived: boolean;
  @ApiProperty({ type: Number, nullable: true, description: "the offering's seats; null: no limit" }) seats: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'seats − accepted (negative when over capacity); null: no limit' })
  seatsLeft: number | null;
  @ApiProperty({ description: 'true when more offers were accepted than the offering has seats' }) overCapacity: boolean;
  @ApiProperty({
    type: [DeclineReasonCountResponse],
    description: 'declines by reason, in the order of the option list (unlisted values, then none, last)',
  })
  declineReasons: DeclineReasonCountResponse[];
}

/** The counts of several offerings added up (`contract/format/class-shape.ts` `sumClassShape`). */
export class ClassShapeTotalsResponse extends ClassShapeCountsResponse {
  @ApiProperty({ description: 'offerings summed' }) offerings: number;
  @ApiProperty({ type: Number, nullable: true, description: 'their seats; null when any of them has no limit' }) seats: number | null;
  @ApiProperty({ description: 'offerings whose accepted offers exceed their seats' }) overCapacity: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'number' },
    description: "declines per `declineReasons` value; the key '' counts declines without a recorded reason",
    example: { 'Cost or financial aid': 3 },
  })
  declineReasons: Record<string, number>;
}

/** One term's totals. */
export class ClassShapeTermTotalsResponse extends ClassShapeTotalsResponse {
  @ApiProperty({ description: 'the term key' }) term: string;
}

/** The class taking shape in `GET /api/admin/stats` (issue 29 item 5): every offering, and per term (by first day of classes). */
export class ClassShapeStatsResponse {
  @ApiProperty({ type: ClassShapeTotalsResponse }) total: ClassShapeTotalsResponse;
  @ApiProperty({ type: [ClassShapeTermTotalsResponse] }) byTerm: ClassShapeTermTotalsResponse[];
}
