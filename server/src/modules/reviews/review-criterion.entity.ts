import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** One criterion readers rate 1–5 (table `review_criteria`, issue 15 item 2); archived with `active = false`, never deleted. */
@Entity('review_criteria')
export class ReviewCriterion {
  @PrimaryGeneratedColumn() id: number;
  @Column('text', { name: 'label_en' }) labelEn: string;
  @Column('text', { name: 'label_es' }) labelEs: string;
  @Column('text', { name: 'label_zh_cn' }) labelZhCn: string;
  @Column('integer') position: number;
  @Column('boolean') active: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
