import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { RecommendationSlot, RecommendationStatus } from './recommendation-slots.js';

/** The short form a recommender may answer instead of uploading a letter (issue 15 item 1). */
export interface RecommendationAnswers {
  /** How long and in what role the recommender has known the applicant. */
  acquaintance: string;
  /** The applicant's strengths. */
  strengths: string;
  /** Overall recommendation: strongly, recommend, with reservations, not recommended. */
  overall: 'strongly' | 'recommend' | 'reservations' | 'not';
  /** Anything else (optional). */
  comments?: string;
}

/**
 * One request to a recommender (table `recommendations`, issue 15 item 1). The link's token is stored only as
 * its sha256 (`tokenHash`), rotated on every e-mail (request, resend, reminder), so only the newest link works.
 * A replaced or removed request keeps its row with `revokedAt`.
 */
@Entity('recommendations')
export class Recommendation {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid', { name: 'application_id' }) applicationId: string;
  @Column('text') slot: RecommendationSlot;
  @Column('text') name: string;
  @Column('text') email: string;
  @Column('text') relationship: string;
  /** The applicant waived the right to see the letter. */
  @Column('boolean') waived: boolean;
  @Column('text') status: RecommendationStatus;
  @Column('text', { name: 'token_hash', select: false }) tokenHash: string;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt: Date;
  @Column('timestamptz', { name: 'revoked_at', nullable: true }) revokedAt: Date | null;
  @Column('timestamptz', { name: 'requested_at' }) requestedAt: Date;
  @Column('timestamptz', { name: 'last_sent_at', nullable: true }) lastSentAt: Date | null;
  @Column('timestamptz', { name: 'opened_at', nullable: true }) openedAt: Date | null;
  @Column('timestamptz', { name: 'received_at', nullable: true }) receivedAt: Date | null;
  @Column('integer', { name: 'reminders_sent' }) remindersSent: number;
  @Column('timestamptz', { name: 'last_reminded_at', nullable: true }) lastRemindedAt: Date | null;
  @Column('uuid', { name: 'attachment_id', nullable: true }) attachmentId: string | null;
  @Column('jsonb', { nullable: true }) answers: RecommendationAnswers | null;
}
