import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A scheduled downtime (table `maintenance_windows`). The admin enters wall-clock dates and times in
 * America/New_York (spec §1, §9); `startsAt`/`endsAt` are the same instants in UTC, for queries.
 */
@Entity('maintenance_windows')
export class MaintenanceWindow {
  @PrimaryGeneratedColumn() id: number;
  /** YYYY-MM-DD, Eastern. */
  @Column('date', { name: 'start_date' }) startDate: string;
  /** HH:mm:ss, Eastern. */
  @Column('time', { name: 'start_time' }) startTime: string;
  @Column('date', { name: 'end_date' }) endDate: string;
  @Column('time', { name: 'end_time' }) endTime: string;
  @Column('timestamptz', { name: 'starts_at' }) startsAt: Date;
  @Column('timestamptz', { name: 'ends_at' }) endsAt: Date;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
