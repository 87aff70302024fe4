import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { SegmentFilter } from './dto/segment-filter.dto.js';

/**
 * A saved filter over applications (table `outreach_segments`, migration 1764220000000; issue 30 item 1):
 * its name and the filter, stored only after the segment DTO's allow-list accepted it.
 */
@Entity('outreach_segments')
export class OutreachSegment {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('text') name: string;
  /** The allow-listed filter fields (see `SegmentFilterDto`). */
  @Column('jsonb') filter: SegmentFilter;
  @Column('uuid', { name: 'created_by', nullable: true }) createdBy: string | null;
  @Column('uuid', { name: 'updated_by', nullable: true }) updatedBy: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
