import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * Where a campaign stands (issue 30 item 4), an allow-list: `draft` (being written) → `scheduled` (waits for its
 * time) → `running` (claiming and sending) → `done`; `paused` (stops between messages, resumable); `cancelled`
 * (final: what was not sent is never sent).
 */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'running', 'paused', 'cancelled', 'done'] as const;
/** One of {@link CAMPAIGN_STATUSES}. */
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * Whose local time a campaign's `sendAt` is: `applicant` — each applicant's own time zone (the application's
 * `timeZone`, the office's when it has none or an unknown one), so each gets it at that local time; `office` —
 * the office's zone, one instant for everyone.
 */
export const CAMPAIGN_ZONE_MODES = ['applicant', 'office'] as const;
/** One of {@link CAMPAIGN_ZONE_MODES}. */
export type CampaignZoneMode = (typeof CAMPAIGN_ZONE_MODES)[number];

/**
 * A one-time message to a segment (table `outreach_campaigns`, migration 1764230000000; issue 30 item 4). Its
 * messages are rows of `outreach_messages` (source `campaign`, one per application: claimed before sent).
 */
@Entity('outreach_campaigns')
export class OutreachCampaign {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('text') name: string;
  @Column('uuid', { name: 'segment_id' }) segmentId: string;
  @Column('uuid', { name: 'template_id' }) templateId: string;
  /** The local wall-clock time to send at, `YYYY-MM-DDTHH:mm` (whose zone: {@link zoneMode}); null: not set yet. */
  @Column('text', { name: 'send_at_local', nullable: true }) sendAtLocal: string | null;
  @Column('text', { name: 'zone_mode' }) zoneMode: CampaignZoneMode;
  /** Messages per minute at most. */
  @Column('integer', { name: 'per_minute' }) perMinute: number;
  @Column('text') status: CampaignStatus;
  /** The first instant it may send (set when scheduled: the earliest zone's `sendAt`). */
  @Column('timestamptz', { name: 'starts_at', nullable: true }) startsAt: Date | null;
  /** When it began running (its audience is claimed from then on). */
  @Column('timestamptz', { name: 'started_at', nullable: true }) startedAt: Date | null;
  /** When every recipient of the segment had been claimed. */
  @Column('timestamptz', { name: 'audience_claimed_at', nullable: true }) audienceClaimedAt: Date | null;
  /** When it was done or cancelled. */
  @Column('timestamptz', { name: 'finished_at', nullable: true }) finishedAt: Date | null;
  /** The replica working on it (while its lease runs). */
  @Column('text', { name: 'runner_id', nullable: true }) runnerId: string | null;
  @Column('timestamptz', { name: 'runner_lease_until', nullable: true }) runnerLeaseUntil: Date | null;
  /** A running campaign waiting for a later zone's time or a retry: not handed on to a replica before this. */
  @Column('timestamptz', { name: 'wake_at', nullable: true }) wakeAt: Date | null;
  @Column('uuid', { name: 'created_by', nullable: true }) createdBy: string | null;
  @Column('uuid', { name: 'updated_by', nullable: true }) updatedBy: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
