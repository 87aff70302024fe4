import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ATTACHMENT_SLOTS } from '../attachment-slots.js';
import type { Attachment } from '../attachment.entity.js';

/**
 * A checked or stored file on the wire. The validate call answers it without `attachment`/`id`
 * (nothing is stored); the upload call with them.
 */
export class AttachmentView {
  @ApiPropertyOptional({ format: 'uuid', description: 'id of the stored attachment (upload only)' }) attachment?: string;
  @ApiPropertyOptional({ format: 'uuid', description: 'same as `attachment`' }) id?: string;
  @ApiProperty({ enum: ATTACHMENT_SLOTS, description: 'slot name' }) field: string;
  @ApiProperty({ description: "the uploader's file name (cleaned)" }) name: string;
  @ApiProperty({ description: 'bytes' }) size: number;
  @ApiProperty({ example: 'application/pdf', description: 'MIME type detected from the content' }) type: string;
  @ApiProperty({ description: 'hex sha256 of the content' }) sha256: string;
  @ApiProperty() validated: true;
  @ApiPropertyOptional({ format: 'date-time' }) uploadedAt?: string;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'set on history rows (list with history=true)' })
  replacedAt?: string | null;
}

/** `data` of an attachment answer: the view is nested once more, read by the client as `data.data` (spec §7). */
export class AttachmentEnvelope {
  @ApiProperty({ type: AttachmentView }) data: AttachmentView;
}

/** Answer of `POST /api/details/attachments/validate` and `POST /api/details/attachments`. */
export class AttachmentResponse {
  @ApiProperty() success: true;
  @ApiProperty({ type: AttachmentEnvelope }) data: AttachmentEnvelope;
}

/** Answer of `GET /api/applications/:id/attachments`. */
export class AttachmentListResponse {
  @ApiProperty() success: true;
  @ApiProperty({ type: [AttachmentView] }) data: AttachmentView[];
}

/** Answer of `POST /api/applications/:id/complete` failures and of the requirements adapter. */
export class MissingSlotsData {
  @ApiProperty({ type: [String], enum: ATTACHMENT_SLOTS }) missing: string[];
}

/** Maps a stored row to its wire view. */
export function toAttachmentView(row: Attachment): AttachmentView {
  return {
    attachment: row.id,
    id: row.id,
    field: row.slot,
    name: row.originalName,
    size: row.sizeBytes,
    type: row.detectedType,
    sha256: row.sha256,
    validated: true,
    uploadedAt: row.uploadedAt.toISOString(),
    replacedAt: row.replacedAt ? row.replacedAt.toISOString() : null,
  };
}
