import { ApiProperty } from '@nestjs/swagger';
import type { AuditEntry } from '../audit-entry.entity.js';

/** An audit-log entry on the wire (`/api/admin/audit-log`). */
export class AuditEntryResponse {
  @ApiProperty({ example: '42' }) id: string;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' }) actorId: string | null;
  @ApiProperty({ type: String, nullable: true }) actorEmail: string | null;
  @ApiProperty({ example: 'update' }) action: string;
  @ApiProperty({ example: 'dropdowns' }) resource: string;
  @ApiProperty({ type: String, nullable: true }) recordId: string | null;
  @ApiProperty({ nullable: true, type: 'object', additionalProperties: true }) before: unknown;
  @ApiProperty({ nullable: true, type: 'object', additionalProperties: true }) after: unknown;
  @ApiProperty({ format: 'date-time' }) createdAt: string;

  /** Maps a row to the wire shape. */
  static from(row: AuditEntry): AuditEntryResponse {
    return Object.assign(new AuditEntryResponse(), {
      id: String(row.id),
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      action: row.action,
      resource: row.resource,
      recordId: row.recordId,
      before: row.before ?? null,
      after: row.after ?? null,
      createdAt: row.createdAt.toISOString(),
    });
  }
}
