import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Decision } from '../applications/application.entity.js';

/** A decision letter for one decision in one language (table `decision_letter_templates`; issue 15 item 3). */
@Entity('decision_letter_templates')
export class DecisionLetterTemplate {
  @PrimaryColumn('text') decision: Decision;
  /** en, es or zh-CN. */
  @PrimaryColumn('text') locale: string;
  /** Subject of the letter (also a Handlebars template). */
  @Column('text') subject: string;
  /** Plain text with `{{mergeField}}`s; blank lines separate paragraphs. */
  @Column('text') body: string;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
  @Column('uuid', { name: 'updated_by', nullable: true }) updatedBy: string | null;
}
