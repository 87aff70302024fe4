import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Time spent on one form step (table `time_logs`); `duration` in seconds, 4 decimals (spec §3). */
@Entity('time_logs')
export class TimeLog {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column('uuid', { name: 'application_id', nullable: true }) applicationId: string | null;
  @Column('text') step: string;
  /** numeric(12,4) comes back from pg as a string such as "12.3456". */
  @Column('numeric', { precision: 12, scale: 4 }) duration: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
