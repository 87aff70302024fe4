import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { MESSAGE_KINDS, type MessageKind } from '../message-template.entity.js';
import {
  MESSAGE_STATUSES,
  MESSAGE_SUPPRESSED_REASONS,
  SOURCE_KINDS,
  type MessageStatus,
  type MessageSuppressedReason,
  type SourceKind,
} from '../outreach-message.entity.js';

/** One message of the delivery log (`/api/admin/outreach-messages`; issue 30 item 6). */
export class OutreachMessageResponse {
  @ApiProperty({ example: '42', description: 'bigint, as a string' }) id: string;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'the application (null only for a test send whose application was deleted)',
  })
  applicationId: string | null;
  @ApiProperty({ type: String, nullable: true, example: '100001' }) referenceNumber: string | null;
  @ApiProperty({ description: 'the address it went (or was to go) to' }) email: string;
  @ApiProperty({ format: 'uuid' }) templateId: string;
  @ApiProperty({ example: 'idle-draft-reminder' }) templateKey: string;
  @ApiProperty({ enum: MESSAGE_KINDS }) kind: MessageKind;
  @ApiProperty({ enum: SOURCE_KINDS, description: 'rule (automatic reminder), campaign, or test (an admin to their own address)' })
  sourceKind: SourceKind;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: "the rule's or campaign's id; the admin's user id for a test" })
  sourceId: string | null;
  @ApiProperty({ type: String, nullable: true, description: "a rule's stage key" }) stageKey: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'the language it was rendered in' }) locale: string | null;
  @ApiProperty({ type: String, nullable: true }) subject: string | null;
  @ApiProperty({ enum: MESSAGE_STATUSES }) status: MessageStatus;
  @ApiProperty({ enum: MESSAGE_SUPPRESSED_REASONS, nullable: true, description: 'why a `suppressed` message was not sent' })
  suppressedReason: MessageSuppressedReason | null;
  @ApiProperty({ type: Number, nullable: true, description: 'SMTP reply code of a refusal (5xx: bounced; 4xx: failed, retryable)' })
  smtpCode: number | null;
  @ApiProperty({ type: String, nullable: true, description: "the server's answer or the error (≤ 500 characters)" }) error: string | null;
  @ApiProperty({ description: 'delivery attempts' }) attempts: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) sentAt: string | null;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

/** Counts of messages by status (a campaign's, a rule's, or any selection of the log). */
export class OutreachCountsResponse {
  @ApiProperty() total: number;
  @ApiProperty() queued: number;
  @ApiProperty() sent: number;
  @ApiProperty() failed: number;
  @ApiProperty() bounced: number;
  @ApiProperty() suppressed: number;
}

/** Query of `GET /api/admin/outreach-messages/counts`: whose messages to count. */
export class OutreachCountsQuery {
  @ApiPropertyOptional({ enum: SOURCE_KINDS })
  @IsOptional()
  @IsIn(SOURCE_KINDS)
  sourceKind?: SourceKind;

  @ApiPropertyOptional({ format: 'uuid', description: "a campaign's or rule's id" })
  @IsOptional()
  @IsUUID('all')
  sourceId?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all')
  applicationId?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all')
  templateId?: string;
}
