import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** What a reader recommends (issue 15 item 2). */
export const RECOMMENDATIONS = ['admit', 'waitlist', 'deny', 'discuss'] as const;
/** One of {@link RECOMMENDATIONS}. */
export type Recommendation = (typeof RECOMMENDATIONS)[number];

/** One reader's review of one application (table `application_reviews`, unique per pair). */
@Entity('application_reviews')
export class ApplicationReview {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid', { name: 'application_id' }) applicationId: string;
  @Column('uuid', { name: 'reader_id' }) readerId: string;
  /** Criterion id (as a string) → rating 1–5. */
  @Column('jsonb') ratings: Record<string, number>;
  @Column('text') recommendation: Recommendation;
  @Column('text') comments: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
