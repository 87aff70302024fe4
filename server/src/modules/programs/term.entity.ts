import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Locale } from '../../common/i18n/i18n.service.js';

/** A text in each of the portal's languages (en, es, zh-CN). */
export type LocalizedText = Record<Locale, string>;

/**
 * A term of study (table `terms`, migration 1764160000000; issue 25): its key is the wire value of
 * `semesterApplied` (e.g. "Fall" and a year), its labels what applicants read in each language, and
 * `startsOn` the first day of classes (a calendar date, `YYYY-MM-DD`). Archived terms are kept for the
 * applications that name them but offer nothing.
 */
@Entity('terms')
export class Term {
  @PrimaryGeneratedColumn() id: number;
  @Column('text') key: string;
  @Column('jsonb') labels: LocalizedText;
  /** First day of classes, `YYYY-MM-DD` (a date, no time zone). */
  @Column('date', { name: 'starts_on' }) startsOn: string;
  @Column('boolean') archived: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
