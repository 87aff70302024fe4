import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { DataSource } from 'typeorm';
import { ApiException } from '../../common/errors/api.exception.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { JobsService } from '../jobs/jobs.service.js';
import type { CampaignStatus, CampaignZoneMode } from './outreach-campaign.entity.js';
import { applicantZone, localTimeInstant, zonesReached } from './outreach-local-time.js';
import { ATTEMPT_LEASE_MS, OutreachMailerService } from './outreach-mailer.service.js';
import { SegmentsService } from './segments.service.js';

/** pg-boss queue of the campaign tick: starts campaigns whose time has come, hands running ones to a replica. */
export const CAMPAIGN_TICK_QUEUE = 'outreach-campaigns';
/** pg-boss queue of one campaign's work (`{campaignId}`): claim its audience, then deliver. */
export const CAMPAIGN_RUN_QUEUE = 'outreach-campaign-run';
/** A campaign's message is tried at most this many times (SMTP 4xx or no answer), then left `failed`. */
export const CAMPAIGN_MAX_ATTEMPTS = 3;
/** A retryable failure is tried again this long after its last attempt (ms). */
const RETRY_AFTER_MS = 60_000;
/** Applications claimed per statement (each followed by a pause as long as the batch took). */
const CLAIM_BATCH = 500;
/** Messages read per batch to deliver. */
const DELIVER_BATCH = 200;
/** One run job works at most this long (ms), then hands the campaign on to the next job (pg-boss jobs stay short). */
const SLICE_MS = 5 * 60_000;
/** How often a working runner looks at its campaign's status (pause, cancel), at most (ms). */
const STATUS_EVERY_MS = 250;

/** What one run of a campaign did on this replica. */
export interface CampaignRunReport {
  /** False when another replica holds the campaign, or it is not running. */
  acquired: boolean;
  /** Applications newly claimed (the audience, while it is walked). */
  claimed: number;
  /** Delivery attempts this run made. */
  attempted: number;
  /** The campaign's status when the run ended. */
  status: CampaignStatus | null;
}

/** The row of a campaign as the runner reads it. */
interface CampaignRow {
  id: string;
  status: CampaignStatus;
  segmentId: string;
  templateId: string;
  sendAt: string | null;
  zone: CampaignZoneMode;
  perMinute: number;
  audienceClaimedAt: Date | null;
  previous: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends campaigns (issue 30 item 4; docs/api.md "Campaigns and reminders") on pg-boss:
 *
 * - The tick (`outreach-campaigns`, every OUTREACH_CAMPAIGN_INTERVAL_SECONDS, and queued at a campaign's start
 *   when it is scheduled or resumed) turns scheduled campaigns whose `startsAt` has come into `running`, and
 *   queues a run job (`outreach-campaign-run`) for each running campaign no live replica holds (and not
 *   waiting, `wake_at`, for a later zone or a retry).
 * - A run first takes the campaign's lease (a conditional UPDATE: one replica at a time; renewed every third of
 *   OUTREACH_CAMPAIGN_LEASE_SECONDS while it works, so a replica killed with -9 leaves it to another after the
 *   lease). A replica taking over from one that did not let go (it died mid-message) frees that one's message
 *   leases: only the campaign's runner attempts its messages, so those attempts are dead.
 * - It claims the audience — every application of the segment when the campaign started
 *   (`SegmentsService.matchingIds`), through `OutreachMailerService.claimCampaign`: one `outreach_messages` row
 *   per (campaign, application), INSERT … ON CONFLICT DO NOTHING, one statement per batch of 500, each batch
 *   followed by a pause as long as it took (half speed: no burst the applicants' saves wait behind); re-walking
 *   after a restart claims nothing twice.
 * - It delivers the campaign's `queued` messages (and `failed` retryable ones, a minute after, up to 3
 *   attempts) in id order, OUTREACH_CAMPAIGN_CONCURRENCY at a time, the starts spread evenly at `perMinute`
 *   (read again each batch); with `zone` applicant only those whose applicant's zone has reached `sendAt`.
 *   Each delivery leases its message (`deliver`), so no message is attempted twice at once. Between messages
 *   it looks at the status (at most every 250 ms): paused or cancelled stops it; a cancelled campaign's
 *   messages never attempted are released (deleted).
 * - When nothing is left to send it is `done`; when messages wait for a later zone or a retry, it sets
 *   `wake_at` and queues its next run for then.
 *
 * A message is sent once per application across restarts, kill -9 and replicas. The one remaining window is a
 * replica dying after the mail server accepted a message and before recording it: the message is sent again
 * after the takeover with the same Message-ID (`<outreach-…@…>`, see `MailService`), which receiving mail
 * systems recognise as the same message.
 */
@Injectable()
export class CampaignRunnerService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(CampaignRunnerService.name);
  /** This process's runner identity (host, pid, random). */
  private readonly runnerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private stopping = false;
  private readonly active = new Set<Promise<unknown>>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly mailer: OutreachMailerService,
    private readonly segments: SegmentsService,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.define({
      queue: CAMPAIGN_TICK_QUEUE,
      everySeconds: this.config.OUTREACH_CAMPAIGN_INTERVAL_SECONDS,
      policy: 'singleton',
      handler: () => this.tick(),
    });
    this.jobs.define<{ campaignId?: string }>({
      queue: CAMPAIGN_RUN_QUEUE,
      workers: 2,
      retry: { retryLimit: 3, retryDelay: 5, retryBackoff: true },
      handler: async (data) => {
        if (typeof data.campaignId === 'string') await this.run(data.campaignId);
      },
    });
  }

  /** Stops the runs in hand between two messages (they let their campaigns go) before the jobs and the database stop. */
  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.active]);
  }

  /**
   * Queues a tick: now, or at `at` (a scheduled campaign's start). The periodic tick (if on) is the safety net.
   * @param at when; null or past: now
   */
  async kick(at: Date | null): Promise<void> {
    await this.jobs.send(CAMPAIGN_TICK_QUEUE, {}, at && at.getTime() > Date.now() ? { startAfter: at } : {});
  }

  /**
   * One tick: starts the scheduled campaigns whose `startsAt` has come (→ running) and queues a run for each
   * running campaign no replica holds.
   * @param now the server's instant
   * @returns how many campaigns it started and how many runs it queued
   */
  async tick(now = new Date()): Promise<{ started: number; queued: number }> {
    const started = (await this.db.query(
      `UPDATE outreach_campaigns SET status = 'running', started_at = coalesce(started_at, $1), updated_at = now()
        WHERE status = 'scheduled' AND starts_at <= $1 RETURNING id`,
      [now],
    )) as [unknown[], number];
    const free = (await this.db.query(
      `SELECT id FROM outreach_campaigns
        WHERE status = 'running' AND (runner_lease_until IS NULL OR runner_lease_until < now()) AND (wake_at IS NULL OR wake_at <= $1)
        ORDER BY starts_at, id`,
      [now],
    )) as { id: string }[];
    for (const { id } of free) await this.jobs.send(CAMPAIGN_RUN_QUEUE, { campaignId: id });
    return { started: started[1], queued: free.length };
  }

  /**
   * Works on a running campaign until it is done, paused, cancelled, waits for a later zone, or its time slice
   * ends (the job's handler; tests call it on several replicas at once).
   * @param options.now the instant applicants' zones are judged at (tests); default the clock, read as it goes
   */
  async run(campaignId: string, options: { now?: Date } = {}): Promise<CampaignRunReport> {
    if (this.stopping) return { acquired: false, claimed: 0, attempted: 0, status: null };
    const work = this.work(campaignId, options.now);
    this.active.add(work);
    try {
      return await work;
    } finally {
      this.active.delete(work);
    }
  }

  private async work(campaignId: string, fixedNow: Date | undefined): Promise<CampaignRunReport> {
    const now = () => fixedNow ?? new Date();
    const lease = this.config.OUTREACH_CAMPAIGN_LEASE_SECONDS;
    const [[campaign]] = (await this.db.query(
      `WITH prev AS (SELECT id, runner_id FROM outreach_campaigns WHERE id = $1 FOR UPDATE)
       UPDATE outreach_campaigns c SET runner_id = $2, runner_lease_until = now() + make_interval(secs => $3), wake_at = NULL
         FROM prev
        WHERE c.id = prev.id AND c.status = 'running' AND (c.runner_lease_until IS NULL OR c.runner_lease_until < now())
        RETURNING c.id, c.status, c.segment_id AS "segmentId", c.template_id AS "templateId", c.send_at_local AS "sendAt",
                  c.zone_mode AS zone, c.per_minute AS "perMinute", c.audience_claimed_at AS "audienceClaimedAt", prev.runner_id AS previous`,
      [campaignId, this.runnerId, lease],
    )) as [CampaignRow[], number];
    if (!campaign) return { acquired: false, claimed: 0, attempted: 0, status: null };

    const state = { status: campaign.status as CampaignStatus, lost: false, checkedAt: Date.now() };
    const heartbeat = setInterval(
      () => {
        this.db
          .query(
            `UPDATE outreach_campaigns SET runner_lease_until = now() + make_interval(secs => $3) WHERE id = $1 AND runner_id = $2 RETURNING status`,
            [campaignId, this.runnerId, lease],
          )
          .then((result: [{ status: CampaignStatus }[], number]) => {
            if (!result[0].length) state.lost = true;
            else state.status = result[0][0]!.status;
          })
          .catch((error: unknown) => this.logger.warn(`Campaign ${campaignId} lease renewal failed: ${String(error)}`));
      },
      (lease * 1000) / 3,
    );
    heartbeat.unref();
    const report: CampaignRunReport = { acquired: true, claimed: 0, attempted: 0, status: campaign.status };
    const sliceEnds = Date.now() + SLICE_MS;
    /** True when the run must stop now: shutting down, lease lost, paused or cancelled (looked at every 250 ms at most). */
    const mustStop = async (): Promise<boolean> => {
      if (this.stopping || state.lost || Date.now() > sliceEnds) return true;
      if (Date.now() - state.checkedAt >= STATUS_EVERY_MS) {
        state.checkedAt = Date.now();
        const [row] = (await this.db.query(`SELECT status, runner_id AS "runnerId" FROM outreach_campaigns WHERE id = $1`, [
          campaignId,
        ])) as {
          status: CampaignStatus;
          runnerId: string | null;
        }[];
        state.status = row?.status ?? 'cancelled';
        if (row?.runnerId !== this.runnerId) state.lost = true;
      }
      return state.lost || state.status !== 'running';
    };

    try {
      if (campaign.previous && campaign.previous !== this.runnerId) {
        // the previous runner never let go (it died): its message leases are dead attempts
        await this.db.query(
          `UPDATE outreach_messages SET attempted_at = NULL
            WHERE source_kind = 'campaign' AND source_id = $1 AND status IN ('queued', 'failed') AND attempted_at IS NOT NULL`,
          [campaignId],
        );
      }
      if (!campaign.audienceClaimedAt) {
        const claimed = await this.claimAudience(campaign, now(), mustStop);
        if (claimed === null) return report;
        report.claimed = claimed;
      }
      report.attempted = await this.deliverDue(campaign, now, mustStop);
      if (!(await mustStop())) await this.finishOrContinue(campaign, now());
      return report;
    } finally {
      clearInterval(heartbeat);
      await this.db.query(`UPDATE outreach_campaigns SET runner_id = NULL, runner_lease_until = NULL WHERE id = $1 AND runner_id = $2`, [
        campaignId,
        this.runnerId,
      ]);
      const [row] = (await this.db.query(`SELECT status FROM outreach_campaigns WHERE id = $1`, [campaignId])) as {
        status: CampaignStatus;
      }[];
      report.status = row?.status ?? null;
      // a cancel may have landed while a claim batch was in flight: what it claimed is never sent either
      if (row?.status === 'cancelled') await this.releaseUnsent(campaignId);
      // handed on within the slice: the next job continues
      if (row?.status === 'running' && !this.stopping && !state.lost && Date.now() > sliceEnds)
        await this.jobs.send(CAMPAIGN_RUN_QUEUE, { campaignId });
    }
  }

  /**
   * Claims one message per application of the segment (as it matches at `now`).
   * @returns how many were newly claimed; null when stopped before the walk ended
   */
  private async claimAudience(campaign: CampaignRow, now: Date, mustStop: () => Promise<boolean>): Promise<number | null> {
    const filter = await this.segments.filterOf(campaign.segmentId);
    let claimed = 0;
    let batchStarted = Date.now();
    for await (const ids of this.segments.matchingIds(filter, { now, batchSize: CLAIM_BATCH })) {
      if (await mustStop()) return null;
      claimed += await this.mailer.claimCampaign(campaign.id, campaign.templateId, ids);
      // as long a pause as the batch took: an audience of thousands is claimed at half speed, not in one burst of
      // inserts that the applicants' saves queue behind (issue 30, "Speed")
      await sleep(Date.now() - batchStarted);
      batchStarted = Date.now();
    }
    if (await mustStop()) return null;
    await this.db.query(`UPDATE outreach_campaigns SET audience_claimed_at = $2 WHERE id = $1 AND runner_id = $3`, [
      campaign.id,
      now,
      this.runnerId,
    ]);
    return claimed;
  }

  /** Delivers the messages due now, in id order, paced at `perMinute`. @returns the attempts made */
  private async deliverDue(campaign: CampaignRow, now: () => Date, mustStop: () => Promise<boolean>): Promise<number> {
    let after = '0';
    let attempts = 0;
    let nextSlot = Date.now();
    for (;;) {
      if (await mustStop()) return attempts;
      const [{ perMinute }] = (await this.db.query(`SELECT per_minute AS "perMinute" FROM outreach_campaigns WHERE id = $1`, [
        campaign.id,
      ])) as [{ perMinute: number }];
      const interval = 60_000 / perMinute;
      const zones = campaign.zone === 'applicant' ? await this.zonesDue(campaign, now()) : null;
      if (zones && !zones.length) return attempts;
      const ids = (
        (await this.db.query(
          `SELECT m.id::text AS id FROM outreach_messages m JOIN applications a ON a.id = m.application_id
            WHERE m.source_kind = 'campaign' AND m.source_id = $1 AND m.id > $2
              AND (m.status = 'queued'
                   OR (m.status = 'failed' AND (m.smtp_code IS NULL OR m.smtp_code < 500) AND m.attempts < $3
                       AND m.updated_at < now() - make_interval(secs => $4)))
              AND (m.attempted_at IS NULL OR m.attempted_at < now() - make_interval(secs => $6))
              AND ($5::text[] IS NULL OR coalesce(a.time_zone, '') = ANY($5::text[]))
            ORDER BY m.id LIMIT ${DELIVER_BATCH}`,
          [campaign.id, after, CAMPAIGN_MAX_ATTEMPTS, RETRY_AFTER_MS / 1000, zones, ATTEMPT_LEASE_MS / 1000],
        )) as { id: string }[]
      ).map((r) => r.id);
      if (!ids.length) return attempts;
      after = ids[ids.length - 1]!;
      let next = 0;
      let stop = false;
      const worker = async () => {
        while (!stop && next < ids.length) {
          const id = ids[next++]!;
          const slot = Math.max(nextSlot, Date.now());
          nextSlot = slot + interval;
          if (slot > Date.now()) await sleep(slot - Date.now());
          if (await mustStop()) {
            stop = true;
            return;
          }
          attempts += 1;
          try {
            await this.mailer.deliver(id);
          } catch (error) {
            // released by a cancel meanwhile (REQ-404), or a fault of ours (the message stays failed, retryable)
            if (!(error instanceof ApiException)) this.logger.warn(`Campaign ${campaign.id} message ${id}: ${String(error)}`);
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(this.config.OUTREACH_CAMPAIGN_CONCURRENCY, ids.length) }, worker));
      if (stop) return attempts;
    }
  }

  /** The applicants' zone values (`''` for none) among the campaign's unsent messages that have reached `sendAt`. */
  private async zonesDue(campaign: CampaignRow, now: Date): Promise<string[]> {
    return zonesReached(campaign.sendAt!, await this.pendingZones(campaign.id), now);
  }

  /** The distinct zone values of the applications of the campaign's messages still to send. */
  private async pendingZones(campaignId: string): Promise<string[]> {
    const rows = (await this.db.query(
      `SELECT DISTINCT coalesce(a.time_zone, '') AS zone FROM outreach_messages m JOIN applications a ON a.id = m.application_id
        WHERE m.source_kind = 'campaign' AND m.source_id = $1 AND m.status IN ('queued', 'failed')`,
      [campaignId],
    )) as { zone: string }[];
    return rows.map((r) => r.zone);
  }

  /**
   * Marks the campaign done when nothing is left to send; else queues its next run for when the next zone reaches
   * `sendAt` or the next retry is due.
   */
  private async finishOrContinue(campaign: CampaignRow, now: Date): Promise<void> {
    const [left] = (await this.db.query(
      `SELECT count(*) FILTER (WHERE status = 'queued')::int AS queued,
              min(updated_at) FILTER (WHERE status = 'failed' AND (smtp_code IS NULL OR smtp_code < 500) AND attempts < $2) AS "retryFrom"
         FROM outreach_messages WHERE source_kind = 'campaign' AND source_id = $1`,
      [campaign.id, CAMPAIGN_MAX_ATTEMPTS],
    )) as { queued: number; retryFrom: Date | null }[];
    if (!left!.queued && !left!.retryFrom) {
      const done = (await this.db.query(
        `UPDATE outreach_campaigns SET status = 'done', finished_at = now(), updated_at = now()
          WHERE id = $1 AND status = 'running' AND runner_id = $2 RETURNING id`,
        [campaign.id, this.runnerId],
      )) as [unknown[], number];
      if (done[1]) this.logger.log(`Campaign ${campaign.id} done`);
      return;
    }
    const times: number[] = [];
    if (left!.retryFrom) times.push(left!.retryFrom.getTime() + RETRY_AFTER_MS);
    if (left!.queued && campaign.zone === 'applicant') {
      const later = (await this.pendingZones(campaign.id))
        .map((zone) => localTimeInstant(campaign.sendAt!, applicantZone(zone || null)).getTime())
        .filter((t) => t > now.getTime());
      if (later.length) times.push(Math.min(...later));
    }
    const at = new Date(Math.max(Math.min(...(times.length ? times : [Date.now() + RETRY_AFTER_MS])), Date.now() + 1000));
    await this.db.query(`UPDATE outreach_campaigns SET wake_at = $2 WHERE id = $1 AND runner_id = $3`, [campaign.id, at, this.runnerId]);
    await this.jobs.send(CAMPAIGN_RUN_QUEUE, { campaignId: campaign.id }, { startAfter: at });
  }

  /** Deletes a cancelled campaign's messages never attempted (claimed, not to be sent). */
  private async releaseUnsent(campaignId: string): Promise<void> {
    await this.db.query(
      `DELETE FROM outreach_messages WHERE source_kind = 'campaign' AND source_id = $1 AND status = 'queued' AND attempts = 0 AND attempted_at IS NULL`,
      [campaignId],
    );
  }
}
