import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { formatPersonName } from '../../../../contract/format/person-name.js';
import { seatCheck } from '../../../../contract/format/seats.js';
import { ApiException, fieldError } from '../../common/errors/api.exception.js';
import type { Locale } from '../../common/i18n/i18n.service.js';
import { AuditService } from '../admin/audit.service.js';
import { Application } from '../applications/application.entity.js';
import { decisionState, DecisionsService } from '../decisions/decisions.service.js';
import { lockOffering } from '../enrollment/offering-lock.js';
import { SeatsService } from '../enrollment/seats.service.js';
import { ProgramResponse } from '../programs/dto/program.dto.js';
import { ProgramsService } from '../programs/programs.service.js';
import type { User } from '../users/user.entity.js';
import {
  AdmitFromWaitlistResponse,
  SeatCheckResponse,
  SeatFiguresResponse,
  WAITLIST_ENTRY_REPLIES,
  WaitlistEntryResponse,
  WaitlistResponse,
  type AdmitFromWaitlistDto,
  type ReorderWaitlistDto,
} from './dto/waitlist.dto.js';
import { applyChange, isOnWaitlist, waitlistVersion, type WaitlistChange, type WaitlistRefusal } from './waitlist-ranks.js';
import { WaitlistRepository, type WaitlistOffering } from './waitlist.repository.js';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The offering id of a path (a whole number). @throws ApiException 404 REQ-404 otherwise */
function offeringIdOf(value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw new ApiException(HttpStatus.NOT_FOUND, 'REQ-404');
  return Number(value);
}

/** What an admit from the waitlist records of an application, before and after, in the audit log. */
function admitState(app: Application, rank: number | null) {
  return {
    ...decisionState(app),
    reply: app.reply,
    repliedAt: iso(app.repliedAt),
    replyDeadlineAt: iso(app.replyDeadlineAt),
    waitlistRank: rank,
  };
}

/**
 * The ranked waitlist of an offering (issue 29 item 4; docs/api.md "Waitlist"): who is on it and in what order
 * (`waitlist-ranks.ts`; the ranks are kept by the database's trigger as applications join and leave), the
 * office's reorder (the whole list, or one applicant moved to a rank; conditional on the list's version), and
 * the admit from the waitlist — one or many at once, all or none: the decision becomes `admitted`, the
 * waitlist reply is cleared, and the admit letter is released through the decisions' own release (scheduled now,
 * e-mailed by the release job, which sends the `decision.released` webhook), opening the admit reply with its
 * deadline. An admit passing the offering's seats is refused unless the office acknowledged it
 * (`SeatsService.claim`). Every change is audited.
 */
@Injectable()
export class WaitlistService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly repository: WaitlistRepository,
    private readonly seats: SeatsService,
    private readonly decisions: DecisionsService,
    private readonly programs: ProgramsService,
    private readonly audit: AuditService,
  ) {}

  /**
   * The waitlist of offering `id` (path value), labels in `locale`.
   * @throws ApiException 404 REQ-404 for an unknown offering
   */
  async view(id: string, locale: Locale): Promise<WaitlistResponse> {
    const offeringId = offeringIdOf(id);
    return this.db.transaction('REPEATABLE READ', async (manager) =>
      this.viewIn(manager, await this.offering(manager, offeringId), locale),
    );
  }

  /**
   * Reorders the waitlist of offering `id`: `ids` (the whole waitlist in its new order) or `id` + `rank`. The
   * ranked rows are locked, then the offering; the new order is written as ranks 1..n and audited
   * (`reorder-waitlist` on the offering, the order before and after). An unchanged order writes nothing.
   * @returns the waitlist after the change
   * @throws ApiException 404 REQ-404; 409 WTL-409-stale (`data`: the current `version` and `ids`) when `version` is
   *         not the current one or `ids` is not the waitlist as it stands; 409 WTL-409-not-waitlisted (`data.ids`)
   *         when the applicant moved is not on it; 422 VAL-001 `ids` (named twice, or with `id`/`rank`) or `rank`
   *         (past the end)
   */
  async reorder(id: string, dto: ReorderWaitlistDto, actor: User, locale: Locale): Promise<WaitlistResponse> {
    const offeringId = offeringIdOf(id);
    if (dto.ids !== undefined && (dto.id !== undefined || dto.rank !== undefined)) throw fieldError('ids', 'errors.WTL-422-order');
    const change: WaitlistChange = dto.ids !== undefined ? { ids: dto.ids } : { id: dto.id!, rank: dto.rank! };
    return this.db.transaction(async (manager) => {
      const offering = await this.offering(manager, offeringId);
      // rows first, then the offering (offering-lock.ts): an application joining meanwhile waits for the commit
      const locked = await this.repository.lockRanked(manager, offeringId);
      await lockOffering(manager, offeringId);
      const current = await this.repository.order(manager, offeringId);
      const version = waitlistVersion(current);
      if (locked.length !== current.length || (dto.version !== undefined && dto.version !== version)) throw this.stale(current);
      const result = applyChange(current, change);
      if ('refusal' in result) throw this.refused(result.refusal, current);
      if (result.order.some((rid, i) => rid !== current[i])) {
        await this.repository.writeOrder(manager, offeringId, result.order);
        await this.audit.record(
          {
            actor,
            action: 'reorder-waitlist',
            resource: 'offerings',
            recordId: String(offeringId),
            before: { waitlist: current, version },
            after: { waitlist: result.order, version: waitlistVersion(result.order) },
          },
          manager,
        );
      }
      return this.viewIn(manager, offering, locale);
    });
  }

  /**
   * Admits `dto.ids` from the waitlist of offering `id`, all or none (see the class). Each application is audited
   * `admit-from-waitlist` (decision, reply and rank before and after; the seat figures when the office
   * acknowledged passing capacity) and `schedule-release`; after the commit the release job is queued.
   * @throws ApiException 404 REQ-404; 409 WTL-409-not-waitlisted (`data.ids`) when one is not on this waitlist
   *         (another offering, not waitlisted, withdrawn from it, or unknown); 409 SEAT-409-over-capacity (`data`:
   *         seats, taken, offersOut, requested, seatsLeft, freeAfter) past capacity without
   *         `acknowledgeOverCapacity`; 422 VAL-001 `replyBy` when it is not in the future, or when absent and the
   *         offering's reply deadline has passed
   */
  async admit(id: string, dto: AdmitFromWaitlistDto, actor: User, locale: Locale): Promise<AdmitFromWaitlistResponse> {
    const offeringId = offeringIdOf(id);
    const ids = [...new Set(dto.ids)];
    const now = new Date();
    if (dto.replyBy !== undefined && new Date(dto.replyBy).getTime() <= now.getTime())
      throw fieldError('replyBy', 'errors.WTL-422-reply-by');
    const answer = await this.db.transaction(async (manager) => {
      const offering = await this.offering(manager, offeringId);
      // rows first (by id), then the offering's lock, taken by the seat check (offering-lock.ts)
      const rows = await this.repository.lockApplications(manager, ids);
      const refused = ids.filter((rid) => {
        const row = rows.find((r) => r.id === rid);
        return !row || row.offeringId !== offeringId || !isOnWaitlist(row);
      });
      if (refused.length) throw new ApiException(HttpStatus.CONFLICT, 'WTL-409-not-waitlisted', { data: { ids: refused } });
      const replyBy = dto.replyBy ? new Date(dto.replyBy) : offering.replyDeadlineAt;
      if (!dto.replyBy && replyBy && replyBy.getTime() <= now.getTime()) throw fieldError('replyBy', 'errors.WTL-422-reply-by');
      const seats = await this.seats.claim(manager, offeringId, ids.length, dto.acknowledgeOverCapacity === true, now);
      const order = await this.repository.order(manager, offeringId);

      const table = manager.getRepository(Application);
      await table.update(ids, {
        decision: 'admitted',
        decidedAt: now,
        decidedBy: actor.id,
        decisionReleaseAt: null,
        decisionReleasedAt: null,
        // the waitlist reply goes; the admit reply opens at the release, with its own deadline
        reply: null,
        repliedAt: null,
        replyReason: null,
        replyAttendingInstead: null,
        replyRemindedAt: null,
        replyDeadlineAt: null,
        version: () => 'version + 1',
      });
      const admitted = await table.findBy(ids.map((rid) => ({ id: rid })));
      for (const after of admitted) {
        const before = rows.find((r) => r.id === after.id)!;
        await this.audit.record(
          {
            actor,
            action: 'admit-from-waitlist',
            resource: 'applications',
            recordId: after.id,
            before: admitState(before, order.indexOf(after.id) + 1),
            after: { ...admitState(after, null), ...(seats.overCapacity ? { overCapacity: seats } : {}) },
          },
          manager,
        );
      }
      // the admit letter is released as every letter is: scheduled now (reply deadline set when the office gave
      // one; else the release copies the offering's), then e-mailed by the release job
      await this.decisions.scheduleReleaseIn(manager, admitted, now, actor, dto.replyBy);
      return {
        admitted: ids.length,
        ids,
        releaseAt: now.toISOString(),
        replyBy: iso(replyBy),
        seats: Object.assign(new SeatCheckResponse(), seats),
        waitlist: await this.viewIn(manager, offering, locale),
      };
    });
    await this.decisions.releaseSoon();
    return Object.assign(new AdmitFromWaitlistResponse(), answer);
  }

  private async offering(manager: EntityManager, id: number): Promise<WaitlistOffering> {
    const offering = await this.repository.offering(manager, id);
    if (!offering) throw new ApiException(HttpStatus.NOT_FOUND, 'REQ-404');
    return offering;
  }

  /** The waitlist of `offering` as `manager` sees it, labels in `locale`. */
  private async viewIn(manager: EntityManager, offering: WaitlistOffering, locale: Locale): Promise<WaitlistResponse> {
    const [rows, figures, catalogue] = [
      await this.repository.rows(manager, offering.id),
      await this.seats.figures(manager, offering.id),
      await this.programs.catalogue(),
    ];
    const program = catalogue.programById.get(offering.programId);
    const term = catalogue.termById.get(offering.termId);
    let rank = 0;
    const entries = rows.map((row) => {
      const ranked = row.waitlistRank !== null;
      if (ranked) rank += 1;
      return Object.assign(new WaitlistEntryResponse(), {
        id: row.id,
        rank: ranked ? rank : null,
        name: formatPersonName(row, row.locale),
        referenceNumber: row.referenceNumber,
        reply: (WAITLIST_ENTRY_REPLIES as readonly string[]).includes(row.reply ?? '')
          ? (row.reply as WaitlistEntryResponse['reply'])
          : null,
        repliedAt: iso(row.repliedAt),
        decidedAt: iso(row.decidedAt),
        releasedAt: iso(row.releasedAt),
        replyDeadlineAt: iso(row.replyDeadlineAt),
      });
    });
    const check = seatCheck(figures, 0);
    return Object.assign(new WaitlistResponse(), {
      offeringId: offering.id,
      programName: program?.name ?? '',
      programLabel: program ? ProgramResponse.textsOf(program, locale).label : '',
      gender: program?.gender ?? '',
      termKey: term?.key ?? '',
      termLabel: term ? (term.labels[locale] ?? term.key) : '',
      replyDeadlineAt: iso(offering.replyDeadlineAt),
      seats: Object.assign(new SeatFiguresResponse(), {
        seats: check.seats,
        taken: check.taken,
        offersOut: check.offersOut,
        seatsLeft: check.seatsLeft,
      }),
      version: waitlistVersion(entries.filter((e) => e.rank !== null).map((e) => e.id)),
      ranked: rank,
      entries,
    });
  }

  private stale(current: readonly string[]): ApiException {
    return new ApiException(HttpStatus.CONFLICT, 'WTL-409-stale', { data: { version: waitlistVersion(current), ids: current } });
  }

  private refused(refusal: WaitlistRefusal, current: readonly string[]): ApiException {
    switch (refusal.code) {
      case 'duplicate':
        return fieldError('ids', 'errors.WTL-422-order');
      case 'stale':
        return this.stale(current);
      case 'not-waitlisted':
        return new ApiException(HttpStatus.CONFLICT, 'WTL-409-not-waitlisted', { data: { ids: [refusal.id] } });
      case 'rank':
        return fieldError('rank', 'errors.WTL-422-rank', { max: refusal.max });
    }
  }
}
