import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** One line of the advisory banner (spec §1 "lists upcoming deadlines"), in the three languages. */
@Entity('advisory_lines')
export class AdvisoryLine {
  @PrimaryGeneratedColumn() id: number;
  @Column('text', { name: 'text_en' }) textEn: string;
  @Column('text', { name: 'text_es' }) textEs: string;
  @Column('text', { name: 'text_zh_cn' }) textZhCn: string;
  @Column('integer', { name: 'sort_order' }) sortOrder: number;
  @Column('boolean') active: boolean;
  /** After this instant the line is no longer shown (e.g. the deadline passed); null: until removed. */
  @Column('timestamptz', { name: 'show_until', nullable: true }) showUntil: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
