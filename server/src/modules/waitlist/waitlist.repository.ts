import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Application } from '../applications/application.entity.js';
import type { Reply } from '../replies/reply-rules.js';

/** The offering columns the waitlist reads (fresh from the database, not the catalogue's cache). */
export interface WaitlistOffering {
  id: number;
  programId: number;
  termId: number;
  seats: number | null;
  replyDeadlineAt: Date | null;
}

/** One application of the waitlist as the list shows it. */
export interface WaitlistRow {
  id: string;
  firstName: string;
  lastName: string;
  locale: string;
  referenceNumber: string;
  reply: Reply | null;
  repliedAt: Date | null;
  decidedAt: Date | null;
  releasedAt: Date | null;
  replyDeadlineAt: Date | null;
  /** The stored ordering value (null: withdrew); the rank shown is the position among the ranked. */
  waitlistRank: number | null;
}

/**
 * The SQL of the waitlist (issue 29 item 4): `applications.waitlist_rank` orders an offering's waitlist (migration
 * 1764210000000; its trigger ranks an application that joins and unranks one that leaves). Every method runs on
 * the caller's `manager` (its transaction).
 */
@Injectable()
export class WaitlistRepository {
  /** The offering `id`, or null. */
  async offering(manager: EntityManager, id: number): Promise<WaitlistOffering | null> {
    const rows = (await manager.query(
      `SELECT id, program_id AS "programId", term_id AS "termId", seats, reply_deadline_at AS "replyDeadlineAt" FROM offerings WHERE id = $1`,
      [id],
    )) as WaitlistOffering[];
    return rows[0] ?? null;
  }

  /**
   * The waitlisted applications of the offering: the ranked ones in rank order, then those who withdrew (by
   * when they did).
   */
  rows(manager: EntityManager, offeringId: number): Promise<WaitlistRow[]> {
    return manager.query(
      `SELECT id, first_name AS "firstName", last_name AS "lastName", locale, reference_number::text AS "referenceNumber", reply,
              replied_at AS "repliedAt", decided_at AS "decidedAt", decision_released_at AS "releasedAt",
              reply_deadline_at AS "replyDeadlineAt", waitlist_rank AS "waitlistRank"
         FROM applications
        WHERE offering_id = $1 AND status = 'decided' AND decision = 'waitlisted'
        ORDER BY waitlist_rank NULLS LAST, replied_at, reference_number`,
      [offeringId],
    ) as Promise<WaitlistRow[]>;
  }

  /** The ranked ids of the offering, first to last. */
  async order(manager: EntityManager, offeringId: number): Promise<string[]> {
    const rows = (await manager.query(
      `SELECT id FROM applications WHERE offering_id = $1 AND waitlist_rank IS NOT NULL ORDER BY waitlist_rank`,
      [offeringId],
    )) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /** Locks the ranked rows of the offering (`FOR UPDATE`, by id) and answers their ids. */
  async lockRanked(manager: EntityManager, offeringId: number): Promise<string[]> {
    const rows = (await manager.query(
      `SELECT id FROM applications WHERE offering_id = $1 AND waitlist_rank IS NOT NULL ORDER BY id FOR UPDATE`,
      [offeringId],
    )) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /** Locks `ids` (`FOR UPDATE`, by id) and answers the rows found. */
  lockApplications(manager: EntityManager, ids: readonly string[]): Promise<Application[]> {
    return manager
      .getRepository(Application)
      .createQueryBuilder('a')
      .setLock('pessimistic_write')
      .where('a.id IN (:...ids)', { ids })
      .orderBy('a.id')
      .getMany();
  }

  /**
   * Writes `order` (every ranked id of the offering) as ranks 1..n in one statement (the uniqueness is checked at
   * commit). Rows that left the waitlist meanwhile are not ranked again (the trigger would refuse it anyway).
   * @returns how many rows were written
   */
  async writeOrder(manager: EntityManager, offeringId: number, order: readonly string[]): Promise<number> {
    const [, count] = (await manager.query(
      `UPDATE applications a SET waitlist_rank = v.n
         FROM unnest($2::uuid[]) WITH ORDINALITY AS v(id, n)
        WHERE a.id = v.id AND a.offering_id = $1 AND a.waitlist_rank IS NOT NULL`,
      [offeringId, order],
    )) as [unknown, number];
    return count;
  }
}
