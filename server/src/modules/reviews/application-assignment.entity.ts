import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An application in a reader's queue (table `application_assignments`, one row per pair). */
@Entity('application_assignments')
export class ApplicationAssignment {
  @PrimaryColumn('uuid', { name: 'application_id' }) applicationId: string;
  @PrimaryColumn('uuid', { name: 'reader_id' }) readerId: string;
  @Column('uuid', { name: 'assigned_by', nullable: true }) assignedBy: string | null;
  @Column('timestamptz', { name: 'assigned_at' }) assignedAt: Date;
}
