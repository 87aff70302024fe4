import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

const bigintAsNumber = { to: (v: number) => v, from: (v: string | null) => (v === null ? null : Number(v)) };

/**
 * One stored file of an application (table `attachments`, DESIGN §6). A new upload to a slot sets
 * `replacedAt` on the previous row, which stays as history; removal sets `deletedAt`.
 */
@Entity('attachments')
export class Attachment {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid', { name: 'application_id' }) applicationId: string;
  /** Slot name of `attachment-slots.ts`. */
  @Column('text') slot: string;
  /** The uploader's file name, cleaned (never used as a storage path). */
  @Column('text', { name: 'original_name' }) originalName: string;
  /** MIME type detected from the content. */
  @Column('text', { name: 'detected_type' }) detectedType: string;
  @Column('bigint', { name: 'size_bytes', transformer: bigintAsNumber }) sizeBytes: number;
  /** Hex sha256 of the content. */
  @Column('text') sha256: string;
  /** Generated key in the file storage. */
  @Column('text', { name: 'storage_key' }) storageKey: string;
  @Column('timestamptz', { name: 'validated_at', nullable: true }) validatedAt: Date | null;
  @Column('timestamptz', { name: 'uploaded_at' }) uploadedAt: Date;
  @Column('timestamptz', { name: 'replaced_at', nullable: true }) replacedAt: Date | null;
  @Column('timestamptz', { name: 'deleted_at', nullable: true }) deletedAt: Date | null;
  /** A recommendation letter whose recommender's right to see it was waived: never listed or served to the applicant (issue 15). */
  @Column('boolean', { default: false }) confidential: boolean;
}
