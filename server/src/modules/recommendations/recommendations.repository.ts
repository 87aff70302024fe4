import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, type EntityManager, type Repository } from 'typeorm';
import { generateToken, hashToken } from '../../common/security/token-hash.js';
import type { ReferenceStatus } from '../applications/application.entity.js';
import { ApplicationCompletionService } from '../attachments/application-completion.service.js';
import { REFERENCE_STATUS_FIELD, type RecommendationSlot } from './recommendation-slots.js';
import { Recommendation, type RecommendationAnswers } from './recommendation.entity.js';

/** What the applicant gives for a new request. */
export interface NewRecommendation {
  slot: RecommendationSlot;
  name: string;
  email: string;
  relationship: string;
  waived: boolean;
  expiresAt: Date;
}

/** A recommendation opened by its link, with what the recommender's page shows of the application. */
export interface RecommendationByToken {
  recommendation: Recommendation;
  application: {
    id: string;
    status: string;
    firstName: string;
    lastName: string;
    fieldOfInterest: string;
    semester: string;
    gender: string;
    locale: string;
    /** The applicant's IANA time zone (issue 11), or null. */
    timeZone: string | null;
  };
}

/** Conditions of a request that still waits for its recommender (not replaced, not answered, not expired). */
const WAITING = `revoked_at IS NULL AND status <> 'received' AND expires_at > now()`;

/** Column names of `applications` per status field (written directly: the applicant's `version` is not touched). */
const STATUS_COLUMN = { firstReferenceStatus: 'first_reference_status', secondReferenceStatus: 'second_reference_status' } as const;

/**
 * Data access of recommendations (issue 15 item 1). Every state change is one conditional UPDATE, so two
 * requests (or two replicas) racing over one row change it once: the loser's UPDATE matches no row.
 */
@Injectable()
export class RecommendationsRepository {
  constructor(
    @InjectRepository(Recommendation) private readonly rows: Repository<Recommendation>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly completion: ApplicationCompletionService,
  ) {}

  /** The application's live requests (not replaced or removed), by slot. */
  live(applicationId: string): Promise<Recommendation[]> {
    return this.rows.find({ where: { applicationId, revokedAt: IsNull() }, order: { slot: 'ASC' } });
  }

  /** One live request of the application, or null. */
  findLive(applicationId: string, id: string): Promise<Recommendation | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return Promise.resolve(null);
    return this.rows.findOne({ where: { id, applicationId, revokedAt: IsNull() } });
  }

  /** A request by id (any state), or null. */
  findById(id: string): Promise<Recommendation | null> {
    return this.rows.findOne({ where: { id } });
  }

  /**
   * Replaces the slot's live request (if any) by a new one and marks the slot's reference status `Requested`,
   * in one transaction. The new row holds the hash of a token nobody knows: the link exists once the
   * request e-mail's job issues it ({@link issueLink}).
   */
  async create(applicationId: string, input: NewRecommendation): Promise<Recommendation> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`UPDATE recommendations SET revoked_at = now() WHERE application_id = $1 AND slot = $2 AND revoked_at IS NULL`, [
        applicationId,
        input.slot,
      ]);
      const repo = manager.getRepository(Recommendation);
      const saved = await repo.save(
        repo.create({
          applicationId,
          ...input,
          status: 'requested',
          tokenHash: hashToken(generateToken()),
          remindersSent: 0,
          requestedAt: new Date(),
        }),
      );
      await this.setReferenceStatus(manager, applicationId, input.slot, 'Requested');
      return saved;
    });
  }

  /**
   * Revokes a live, unanswered request (its link stops working) and sets the slot's reference status back to `Not requested`.
   * @returns false when it was not live and unanswered any more
   */
  async revoke(recommendation: Recommendation): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const changed = await this.updated(
        manager,
        `UPDATE recommendations SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL AND status <> 'received' RETURNING id`,
        [recommendation.id],
      );
      if (changed) await this.setReferenceStatus(manager, recommendation.applicationId, recommendation.slot, 'Not requested');
      return changed;
    });
  }

  /**
   * Issues a new link for a waiting request: a new random token replaces the stored hash (earlier links stop
   * working) and `last_sent_at` is set. With `renewUntil`, the expiry moves there (a resend of an expired link).
   * @returns the raw token, or null when the request is replaced, answered or expired
   */
  async issueLink(id: string, renewUntil?: Date): Promise<string | null> {
    const token = generateToken();
    const changed = await this.updated(
      this.dataSource.manager,
      renewUntil
        ? `UPDATE recommendations SET token_hash = $2, last_sent_at = now(), expires_at = $3
            WHERE id = $1 AND revoked_at IS NULL AND status <> 'received' RETURNING id`
        : `UPDATE recommendations SET token_hash = $2, last_sent_at = now() WHERE id = $1 AND ${WAITING} RETURNING id`,
      renewUntil ? [id, hashToken(token), renewUntil] : [id, hashToken(token)],
    );
    return changed ? token : null;
  }

  /** The request whose link carries `token` (any state) with the application fields the recommender's page needs, or null. */
  async byToken(token: string): Promise<RecommendationByToken | null> {
    const recommendation = await this.rows.findOne({ where: { tokenHash: hashToken(token) } });
    if (!recommendation) return null;
    const [application] = await this.applicationSummaries([recommendation.applicationId]);
    return { recommendation, application };
  }

  /** Application fields the e-mails and the recommender's page need, with the applicant's e-mail. */
  applicationSummaries(ids: string[]): Promise<(RecommendationByToken['application'] & { email: string })[]> {
    return this.dataSource.query(
      `SELECT id, status, email, first_name AS "firstName", last_name AS "lastName", field_of_interest AS "fieldOfInterest",
              semester, gender, locale, time_zone AS "timeZone" FROM applications WHERE id = ANY($1)`,
      [ids],
    );
  }

  /** requested → opened (the first time the recommender opens the link). */
  async markOpened(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE recommendations SET status = 'opened', opened_at = now() WHERE id = $1 AND status = 'requested'`, [
      id,
    ]);
  }

  /**
   * Records the answer (a letter's attachment or the short form) and ends the link, marks the slot's
   * reference status `Received` and completes the application when this was its last required item, in
   * one transaction.
   * @returns false when the request was no longer waiting (answered meanwhile, replaced or expired)
   */
  async markReceived(
    recommendation: Recommendation,
    answer: { attachmentId: string | null; answers: RecommendationAnswers | null },
  ): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const changed = await this.updated(
        manager,
        `UPDATE recommendations SET status = 'received', received_at = now(), attachment_id = $2, answers = $3
          WHERE id = $1 AND ${WAITING} RETURNING id`,
        [recommendation.id, answer.attachmentId, answer.answers ? JSON.stringify(answer.answers) : null],
      );
      if (changed) {
        await this.setReferenceStatus(manager, recommendation.applicationId, recommendation.slot, 'Received');
        // the file completes itself when this was its last required item (issue 24)
        await this.completion.completeIfReady(manager, recommendation.applicationId);
      }
      return changed;
    });
  }

  /**
   * Ids of requests due a reminder: waiting, fewer than `max` reminders, and nothing sent for `days` days
   * (since the request e-mail, or since the last reminder).
   */
  async dueForReminder(days: number, max: number): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT id FROM recommendations
        WHERE ${WAITING} AND reminders_sent < $2
          AND coalesce(last_reminded_at, last_sent_at, requested_at) <= now() - make_interval(secs => $1::float8 * 86400)
        ORDER BY requested_at`,
      [days, max],
    )) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /**
   * Claims one reminder of a request: counts it and issues a new link, in one conditional UPDATE that
   * re-checks that the reminder is still due. PostgreSQL re-evaluates the condition on the row a concurrent
   * claim just changed, so of two replicas claiming the same reminder exactly one gets it.
   * @returns the raw token of the reminder's link and the reminder's number, or null when another replica
   *          (or an answer, a replacement) got there first
   */
  async claimReminder(id: string, days: number, max: number): Promise<{ token: string; reminder: number } | null> {
    const token = generateToken();
    const rows = (await this.dataSource.query(
      `UPDATE recommendations SET reminders_sent = reminders_sent + 1, last_reminded_at = now(), token_hash = $4
        WHERE id = $1 AND ${WAITING} AND reminders_sent < $3
          AND coalesce(last_reminded_at, last_sent_at, requested_at) <= now() - make_interval(secs => $2::float8 * 86400)
        RETURNING reminders_sent`,
      [id, days, max, hashToken(token)],
    )) as [{ reminders_sent: number }[], number];
    const row = rows[0][0];
    return row ? { token, reminder: row.reminders_sent } : null;
  }

  private async setReferenceStatus(
    manager: EntityManager,
    applicationId: string,
    slot: RecommendationSlot,
    status: ReferenceStatus,
  ): Promise<void> {
    const field = REFERENCE_STATUS_FIELD[slot];
    if (!field) return;
    await manager.query(`UPDATE applications SET ${STATUS_COLUMN[field]} = $2 WHERE id = $1`, [applicationId, status]);
  }

  /** Runs an `UPDATE … RETURNING` and tells whether it changed a row. */
  private async updated(manager: EntityManager, sql: string, params: unknown[]): Promise<boolean> {
    const [rows] = (await manager.query(sql, params)) as [unknown[], number];
    return rows.length > 0;
  }
}
