import { ApiProperty } from '@nestjs/swagger';
import { DECISIONS, type Decision } from '../../applications/application.entity.js';

/** What a checklist item is. */
export const CHECKLIST_KINDS = ['step', 'fee', 'document', 'recommendation'] as const;
/** Where a checklist item stands. */
export const CHECKLIST_STATES = ['received', 'awaiting', 'waived'] as const;
/** What the applicant can do about an awaiting item (the /home button that opens a fresh link). */
export const CHECKLIST_ACTIONS = ['continue', 'pay', 'details'] as const;

/** One line of the applicant's checklist. */
export class ChecklistItem {
  @ApiProperty({ enum: CHECKLIST_KINDS }) kind: (typeof CHECKLIST_KINDS)[number];
  @ApiProperty({
    description: 'step: the step key (personal … review); fee: `fee`; document: the attachment slot; recommendation: `first` | `second`',
  })
  key: string;
  @ApiProperty({ enum: CHECKLIST_STATES }) state: (typeof CHECKLIST_STATES)[number];
  @ApiProperty({ type: String, enum: CHECKLIST_ACTIONS, nullable: true, description: 'null: nothing for the applicant to do here now' })
  action: (typeof CHECKLIST_ACTIONS)[number] | null;
}

/** The released decision, on the checklist. */
export class ChecklistDecision {
  @ApiProperty({ enum: DECISIONS }) decision: Decision;
  @ApiProperty({ format: 'date-time' }) releasedAt: string;
}

/** Answer of `GET /api/applications/{id}/checklist` (issue 15 item 4). */
export class ChecklistResponse {
  @ApiProperty({ format: 'uuid' }) applicationId: string;
  @ApiProperty() referenceNumber: string;
  @ApiProperty({ description: "the program's label" }) program: string;
  @ApiProperty() semester: string;
  @ApiProperty() status: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'the deadline (UTC instant); the browser shows it on its own clock',
  })
  deadline: string | null;
  @ApiProperty({ type: [ChecklistItem] }) items: ChecklistItem[];
  @ApiProperty({ type: ChecklistDecision, nullable: true, description: 'null until the decision is released' })
  decision: ChecklistDecision | null;
}
