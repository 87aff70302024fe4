import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DateTime } from 'luxon';
import { In, type DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Application } from '../applications/application.entity.js';
import { ChecklistService } from '../decisions/checklist.service.js';
import { JobsService } from '../jobs/jobs.service.js';
import { acceptsSubmissionAt } from '../programs/cycle/admission-cycle.js';
import { ProgramsService } from '../programs/programs.service.js';
import { CHOICES_BY_DECISION } from '../replies/reply-rules.js';
import { OutreachAutomationMetricsService } from './outreach-automation-metrics.service.js';
import { isDaytime } from './outreach-local-time.js';
import { ATTEMPT_LEASE_MS, OutreachMailerService } from './outreach-mailer.service.js';
import { OutreachRule, type RuleKind } from './outreach-rule.entity.js';

/** pg-boss queue of the periodic reminder rule run. */
export const OUTREACH_RULES_QUEUE = 'outreach-rules';

/** Key class of the per-application advisory lock the weekly cap is checked under (`pg_advisory_xact_lock(class, hashtext(id))`). */
const CAP_LOCK_CLASS = 7_261_031;
const DAY_MS = 86_400_000;
/** The weekly cap's window. */
const WEEK_MS = 7 * DAY_MS;
/** Applications read per candidate batch. */
const BATCH = 500;
/** A reminder is tried at most this many times (SMTP 4xx or no answer), then left `failed`. */
export const REMINDER_MAX_ATTEMPTS = 3;
/** Reminders claimed longer ago than this are not retried any more (the moment has passed). */
const RETRY_WINDOW_MS = DAY_MS;

/** The decisions that ask for a reply (the reply rules' allow-list). */
const REPLYING_DECISIONS = Object.keys(CHOICES_BY_DECISION);

/** What one rule's run did. */
export interface RuleRunReport {
  kind: RuleKind;
  /** Applications due for a reminder of a stage not claimed yet. */
  due: number;
  /** Of those, outside 9:00–19:00 in the applicant's zone: left for a later run (the next 9:00 local). */
  waiting: number;
  /** Held back by the weekly cap (K reminders in the last 7 days already). */
  capped: number;
  /** Reminders this run claimed and delivered, by the delivery's outcome. */
  sent: number;
  failed: number;
  bounced: number;
  suppressed: number;
}

/** An application due for a reminder, with the stage it is due for. */
interface Candidate {
  id: string;
  timeZone: string | null;
  stage: string;
}

/** A SQL candidate query of a rule: its conditions on `applications a` and the stage key's expression. */
interface RuleSql {
  /** FROM clause additions (a LATERAL join), may be empty. */
  join?: string;
  /** Conditions; `$3` is the rule's instant parameter, `$4` the second one. */
  where: string;
  /** The stage key as SQL (text matching `^[a-z0-9][a-z0-9_-]{0,59}$`). */
  stage: string;
  params: unknown[];
}

/** `prefix-<seconds since the epoch>` in SQL: a stage key naming one instant. */
const epochStage = (prefix: string, column: string) => `'${prefix}-' || floor(extract(epoch FROM ${column}))::bigint`;

/**
 * The automatic reminders (issue 30 item 3; docs/api.md "Campaigns and reminders"): every
 * OUTREACH_RULES_INTERVAL_SECONDS a pg-boss job (`outreach-rules`, one run at a time across replicas) takes each
 * enabled rule, finds the applications due for it, and sends the rule's template through the one send path
 * (`OutreachMailerService`), in the application's language:
 *
 * - `draft_idle` — a draft unchanged for N days, while its offering still takes submissions; stage
 *   `idle-<updated_at>`: a change starts a new idle period, which gets its own reminder;
 * - `fee_unpaid` — a draft certified N days ago whose fee is neither paid nor waived; stage `fee-<certified_at>`;
 * - `document_missing` — a submitted application whose checklist (`ChecklistService`, the one rule set) still
 *   awaits a document, N days or fewer before its round's deadline; stage `deadline-<round>-<date>`;
 * - `recommender_unanswered` — a recommendation request (requested or opened, not revoked) unanswered for N
 *   days, not yet decided; stage `rec-<the oldest such request>`;
 * - `reply_deadline` — a released decision asking for a reply (admitted, waitlisted), no reply, the reply
 *   deadline N days or fewer ahead; stage `reply-<reply deadline>`.
 *
 * Each (rule, application, stage) is claimed once (a unique `outreach_messages` row, the foundation's index), so
 * a stage gets one message across runs, replicas and restarts. The claim happens only in the applicant's own
 * daytime (9:00–19:00 in the application's `timeZone`, the office's when it has none, DST by luxon): a due
 * reminder outside it is left for the first run after the next 9:00 local — never a reminder at 3 a.m. And
 * only while the weekly cap allows: the rule's K against the reminders (any rule: queued, sent or failed) the
 * application got in the 7 days before the run's instant, counted and claimed under a per-application advisory
 * lock so two runs cannot both take the last place. The instant is the server's clock (`now`), so tests move it.
 */
@Injectable()
export class ReminderEngineService implements OnModuleInit {
  private readonly logger = new Logger(ReminderEngineService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly mailer: OutreachMailerService,
    private readonly checklist: ChecklistService,
    private readonly programs: ProgramsService,
    private readonly jobs: JobsService,
    private readonly metrics: OutreachAutomationMetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    if (this.config.OUTREACH_RULES_INTERVAL_SECONDS <= 0) return;
    this.jobs.define({
      queue: OUTREACH_RULES_QUEUE,
      everySeconds: this.config.OUTREACH_RULES_INTERVAL_SECONDS,
      policy: 'singleton',
      handler: () => this.run(),
    });
  }

  /**
   * One run of every enabled rule (the job's handler; tests call it with a moved clock), then one more attempt
   * at the reminders of the last day that were claimed but not sent (a crash between) or failed retryably.
   * @param now the server's instant (UTC)
   * @returns one report per enabled rule, in kind order
   */
  async run(now = new Date()): Promise<RuleRunReport[]> {
    const rules = await this.db.getRepository(OutreachRule).find({ where: { enabled: true }, order: { kind: 'ASC' } });
    const reports: RuleRunReport[] = [];
    const attempted = new Set<string>();
    for (const rule of rules) reports.push(await this.runRule(rule, now, attempted));
    await this.retry(now, attempted);
    const sent = reports.reduce((sum, r) => sum + r.sent, 0);
    if (sent) this.logger.log(`Sent ${sent} reminder(s): ${reports.map((r) => `${r.kind} ${r.sent}`).join(', ')}`);
    return reports;
  }

  private async runRule(rule: OutreachRule, now: Date, attempted: Set<string>): Promise<RuleRunReport> {
    const report: RuleRunReport = { kind: rule.kind, due: 0, waiting: 0, capped: 0, sent: 0, failed: 0, bounced: 0, suppressed: 0 };
    for await (const batch of this.candidates(rule, now)) {
      for (const candidate of batch) {
        report.due += 1;
        if (!isDaytime(now, candidate.timeZone)) {
          report.waiting += 1;
          this.metrics.decided(rule.kind, 'waiting-daytime');
          continue;
        }
        const claim = await this.claimWithinCap(rule, candidate, now);
        if (claim === 'capped') {
          report.capped += 1;
          this.metrics.decided(rule.kind, 'capped');
          continue;
        }
        if (claim === null) continue; // another run claimed this stage meanwhile
        this.metrics.decided(rule.kind, 'claimed');
        attempted.add(claim);
        const delivery = await this.mailer.deliver(claim, { now });
        if (delivery.status === 'sent') report.sent += 1;
        else if (delivery.status === 'failed') report.failed += 1;
        else if (delivery.status === 'bounced') report.bounced += 1;
        else if (delivery.status === 'suppressed') report.suppressed += 1;
      }
    }
    return report;
  }

  /**
   * Counts the application's reminders of the last 7 days and, below the rule's cap, claims the stage — one
   * transaction under the application's advisory lock.
   * @returns the claimed message's id; `capped`; null when the stage was claimed before
   */
  private claimWithinCap(rule: OutreachRule, candidate: Candidate, now: Date): Promise<string | 'capped' | null> {
    return this.db.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [CAP_LOCK_CLASS, candidate.id]);
      const [{ n }] = (await manager.query(
        `SELECT count(*)::int AS n FROM outreach_messages
          WHERE application_id = $1 AND source_kind = 'rule' AND status IN ('queued', 'sent', 'failed') AND created_at > $2`,
        [candidate.id, new Date(now.getTime() - WEEK_MS)],
      )) as [{ n: number }];
      if (n >= rule.weeklyCap) return 'capped';
      const claim = await this.mailer.claim(
        { applicationId: candidate.id, templateId: rule.templateId, source: { kind: 'rule', id: rule.id, stage: candidate.stage } },
        manager,
      );
      if (!claim.claimed) return null;
      // claimed at the run's instant (the server's clock): the weekly cap counts from it
      await manager.query(`UPDATE outreach_messages SET created_at = $2 WHERE id = $1`, [claim.messageId, now]);
      return claim.messageId;
    });
  }

  /** The applications due for `rule` at `now` whose stage has no message yet, in batches (id order). */
  private async *candidates(rule: OutreachRule, now: Date): AsyncGenerator<Candidate[]> {
    if (rule.kind === 'document_missing') {
      yield* this.documentCandidates(rule, now);
      return;
    }
    const sql = this.ruleSql(rule, now);
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = (await this.db.query(
        `SELECT c.id, c.time_zone AS "timeZone", c.stage, c.offering_id AS "offeringId"
           FROM (SELECT a.id, a.time_zone, a.offering_id, ${sql.stage} AS stage
                   FROM applications a ${sql.join ?? ''}
                  WHERE a.id > $2 AND (${sql.where})) c
          WHERE NOT EXISTS (SELECT 1 FROM outreach_messages m
                             WHERE m.source_kind = 'rule' AND m.source_id = $1 AND m.application_id = c.id AND m.stage_key = c.stage)
          ORDER BY c.id LIMIT ${BATCH}`,
        [rule.id, after, ...sql.params],
      )) as (Candidate & { offeringId: number | null })[];
      if (!rows.length) return;
      after = rows[rows.length - 1]!.id;
      if (rule.kind === 'draft_idle') {
        // only drafts that can still be finished: their offering still takes submissions
        const open: Candidate[] = [];
        for (const row of rows) {
          const offering = await this.programs.offering(row.offeringId);
          if (row.offeringId === null || (offering && acceptsSubmissionAt(offering, now))) open.push(row);
        }
        yield open;
      } else yield rows;
      if (rows.length < BATCH) return;
    }
  }

  /** The SQL of the rules whose due applications SQL alone decides. */
  private ruleSql(rule: OutreachRule, now: Date): RuleSql {
    const days = rule.days * DAY_MS;
    switch (rule.kind) {
      case 'draft_idle':
        return {
          where: `a.status = 'draft' AND a.updated_at <= $3`,
          stage: epochStage('idle', 'a.updated_at'),
          params: [new Date(now.getTime() - days)],
        };
      case 'fee_unpaid':
        return {
          where: `a.status = 'draft' AND a.certified_at IS NOT NULL AND a.certified_at <= $3 AND a.payment_status NOT IN ('Paid', 'Waived')`,
          stage: epochStage('fee', 'a.certified_at'),
          params: [new Date(now.getTime() - days)],
        };
      case 'recommender_unanswered':
        return {
          join: `CROSS JOIN LATERAL (SELECT min(r.requested_at) AS since FROM recommendations r
                  WHERE r.application_id = a.id AND r.status IN ('requested', 'opened') AND r.revoked_at IS NULL) p`,
          where: `a.status NOT IN ('withdrawn', 'decided') AND p.since IS NOT NULL AND p.since <= $3`,
          stage: epochStage('rec', 'p.since'),
          params: [new Date(now.getTime() - days)],
        };
      case 'reply_deadline':
        return {
          where: `a.status = 'decided' AND a.decision = ANY($4) AND a.decision_released_at IS NOT NULL AND a.reply IS NULL
                  AND a.reply_deadline_at > $3 AND a.reply_deadline_at <= $5`,
          stage: epochStage('reply', 'a.reply_deadline_at'),
          params: [now, REPLYING_DECISIONS, new Date(now.getTime() + days)],
        };
      default:
        throw new Error(`rule ${rule.kind} is not decided by SQL alone`);
    }
  }

  /**
   * `document_missing`: submitted applications (SQL) whose round's deadline (`ProgramsService.deadlineOf`, the
   * deadline the applicant sees) is N days or fewer ahead, whose stage has no message yet, and whose checklist
   * still awaits a document (computed last: it is the costly part).
   */
  private async *documentCandidates(rule: OutreachRule, now: Date): AsyncGenerator<Candidate[]> {
    let after = '00000000-0000-0000-0000-000000000000';
    const repository = this.db.getRepository(Application);
    for (;;) {
      const rows = (await this.db.query(
        `SELECT a.id, a.time_zone AS "timeZone", a.offering_id AS "offeringId", a.submitted_at AS "submittedAt" FROM applications a
          WHERE a.id > $1 AND a.status IN ('submitted', 'complete', 'under_review') AND a.offering_id IS NOT NULL
          ORDER BY a.id LIMIT ${BATCH}`,
        [after],
      )) as { id: string; timeZone: string | null; offeringId: number; submittedAt: Date | null }[];
      if (!rows.length) return;
      after = rows[rows.length - 1]!.id;
      const due: Candidate[] = [];
      for (const row of rows) {
        const round = await this.programs.deadlineOf(row.offeringId, now, row.submittedAt);
        if (!round || Date.parse(round.deadlineAt) - rule.days * DAY_MS > now.getTime()) continue;
        const date = DateTime.fromISO(round.deadlineAt, { zone: 'UTC' }).toFormat('yyyyMMdd');
        due.push({ id: row.id, timeZone: row.timeZone, stage: `deadline-${round.key}-${date}` });
      }
      const claimed = due.length
        ? new Set(
            (
              (await this.db.query(
                `SELECT application_id || ' ' || stage_key AS k FROM outreach_messages
                  WHERE source_kind = 'rule' AND source_id = $1 AND application_id = ANY($2)`,
                [rule.id, due.map((c) => c.id)],
              )) as { k: string }[]
            ).map((r) => r.k),
          )
        : new Set<string>();
      const open = due.filter((c) => !claimed.has(`${c.id} ${c.stage}`));
      const apps = open.length ? await repository.findBy({ id: In(open.map((c) => c.id)) }) : [];
      const missing = new Set<string>();
      for (const app of apps) {
        const { items } = await this.checklist.of(app);
        if (items.some((item) => item.kind === 'document' && item.state === 'awaiting')) missing.add(app.id);
      }
      const batch = open.filter((c) => missing.has(c.id));
      if (batch.length) yield batch;
      if (rows.length < BATCH) return;
    }
  }

  /**
   * Delivers again the reminders of the last day still `queued` (claimed, then the process stopped before its
   * attempt, or its attempt's lease ran out) or `failed` retryably (SMTP 4xx, no answer) fewer than
   * {@link REMINDER_MAX_ATTEMPTS} times — in the applicant's daytime, and never one this run just tried.
   */
  private async retry(now: Date, attempted: Set<string>): Promise<void> {
    const rows = (await this.db.query(
      `SELECT m.id::text AS id, a.time_zone AS "timeZone" FROM outreach_messages m JOIN applications a ON a.id = m.application_id
        WHERE m.source_kind = 'rule' AND m.created_at > $1 AND m.created_at <= $2
          AND (m.status = 'queued' OR (m.status = 'failed' AND (m.smtp_code IS NULL OR m.smtp_code < 500) AND m.attempts < $3))
          AND (m.attempted_at IS NULL OR m.attempted_at < $4)
        ORDER BY m.id LIMIT 1000`,
      [new Date(now.getTime() - RETRY_WINDOW_MS), now, REMINDER_MAX_ATTEMPTS, new Date(now.getTime() - ATTEMPT_LEASE_MS)],
    )) as { id: string; timeZone: string | null }[];
    for (const row of rows) {
      if (attempted.has(row.id) || !isDaytime(now, row.timeZone)) continue;
      await this.mailer.deliver(row.id, { now });
    }
  }
}
