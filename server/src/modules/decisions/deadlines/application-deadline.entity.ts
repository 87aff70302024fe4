import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One application deadline (table `application_deadlines`, migration 1764120000000; issue 15): for a
 * semester, optionally for one field of interest (`null`: the whole semester). Unique per
 * (semester, field of interest), nulls not distinct. Read by the applicant's checklist.
 */
@Entity('application_deadlines')
export class ApplicationDeadline {
  @PrimaryGeneratedColumn() id: number;
  @Column('text') semester: string;
  @Column('text', { name: 'field_of_interest', nullable: true }) fieldOfInterest: string | null;
  @Column('timestamptz', { name: 'deadline_at' }) deadlineAt: Date;
}
