import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import { ApiException, type FieldErrorMessage } from '../../common/errors/api.exception.js';
import { likePattern, whereIdIn, type ParsedListQuery } from '../../common/http/simple-rest.js';
import { AuditService } from '../admin/audit.service.js';
import { OFFICE_ZONE } from '../programs/cycle/admission-cycle.js';
import type { User } from '../users/user.entity.js';
import { CampaignResponse, type CampaignDto } from './dto/campaign.dto.js';
import type { OutreachCountsResponse } from './dto/outreach-message.dto.js';
import { CampaignRunnerService } from './campaign-runner.service.js';
import { MessageTemplate } from './message-template.entity.js';
import { CAMPAIGN_STATUSES, OutreachCampaign, type CampaignStatus } from './outreach-campaign.entity.js';
import { earliestInstant, isLocalTime, localTimeInstant } from './outreach-local-time.js';
import { OutreachSegment } from './outreach-segment.entity.js';

/** Sortable fields of the list → columns. */
const SORT_COLUMNS: Record<string, string> = {
  id: 'c.id',
  name: 'c.name',
  status: 'c.status',
  sendAt: 'c.sendAtLocal',
  startsAt: 'c.startsAt',
  createdAt: 'c.createdAt',
  updatedAt: 'c.updatedAt',
};
/** Fields the campaign list may be sorted on. */
export const CAMPAIGN_SORT_FIELDS = Object.keys(SORT_COLUMNS);

/** Counts with nothing in them. */
const noCounts = (): OutreachCountsResponse => ({ total: 0, queued: 0, sent: 0, failed: 0, bounced: 0, suppressed: 0 });

/**
 * Campaigns (issue 30 item 4; docs/api.md "Campaigns and reminders"): a one-time message (a template) to a
 * segment, written as a draft, scheduled at a local time (each applicant's own zone, or the office's),
 * throttled (messages per minute), paused, resumed, cancelled; counted from the delivery log. Status changes
 * are conditional on the current status (an allow-list, under a row lock) and audited (resource `campaigns`).
 * The sending is {@link CampaignRunnerService}'s.
 */
@Injectable()
export class CampaignsService {
  constructor(
    @InjectRepository(OutreachCampaign) private readonly campaigns: Repository<OutreachCampaign>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
    private readonly runner: CampaignRunnerService,
  ) {}

  /**
   * A page of campaigns, each with its counts. Filters: `q` (part of the name), `status` (one or a list), `id` (list).
   * @throws ApiException 400 REQ-400 for an unknown status
   */
  async page(query: ParsedListQuery): Promise<{ rows: CampaignResponse[]; total: number }> {
    const f = query.filter;
    const qb = this.campaigns.createQueryBuilder('c');
    if (typeof f.q === 'string' && f.q.trim()) qb.andWhere('c.name ILIKE :q', { q: likePattern(f.q.trim()) });
    if (f.status !== undefined && f.status !== null && f.status !== '') {
      const statuses = Array.isArray(f.status) ? f.status : [f.status];
      if (statuses.some((s) => !(CAMPAIGN_STATUSES as readonly unknown[]).includes(s)))
        throw new ApiException(HttpStatus.BAD_REQUEST, 'REQ-400');
      if (statuses.length) qb.andWhere('c.status IN (:...statuses)', { statuses });
    }
    whereIdIn(qb, 'c.id', f.id, 'uuid');
    const [rows, total] = await qb
      .orderBy(SORT_COLUMNS[query.sortField] ?? 'c.updatedAt', query.sortOrder, query.sortOrder === 'ASC' ? 'NULLS FIRST' : 'NULLS LAST')
      .addOrderBy('c.id', 'ASC')
      .skip(query.skip)
      .take(query.take)
      .getManyAndCount();
    const counts = await this.countsOf(rows.map((r) => r.id));
    return { rows: rows.map((row) => CampaignResponse.from(row, counts.get(row.id) ?? noCounts())), total };
  }

  /** One campaign with its counts. @throws ApiException 404 REQ-404 */
  async get(id: string): Promise<CampaignResponse> {
    return this.response(await this.find(id));
  }

  /** Its messages by status (the live counts the console refreshes). @throws ApiException 404 REQ-404 */
  async counts(id: string): Promise<OutreachCountsResponse> {
    const row = await this.find(id);
    return (await this.countsOf([row.id])).get(row.id) ?? noCounts();
  }

  /**
   * Saves a new draft (audited `create`).
   * @throws ApiException 422 VAL-001 on `segmentId` / `templateId` (OUT-422-unknown), `sendAt` (OUT-422-send-at)
   */
  create(dto: CampaignDto, actor: User): Promise<CampaignResponse> {
    return this.db.transaction(async (manager) => {
      await this.checked(dto, manager);
      const repository = manager.getRepository(OutreachCampaign);
      const row = await repository.save(
        repository.create({
          name: dto.name.trim(),
          segmentId: dto.segmentId,
          templateId: dto.templateId,
          sendAtLocal: dto.sendAt ?? null,
          zoneMode: dto.zone,
          perMinute: dto.perMinute,
          status: 'draft',
          createdBy: actor.id,
          updatedBy: actor.id,
        }),
      );
      const after = await this.response(row, manager);
      await this.audit.record({ actor, action: 'create', resource: 'campaigns', recordId: row.id, before: null, after }, manager);
      return after;
    });
  }

  /**
   * Changes a campaign (audited `update`). Draft, scheduled or paused before its start: anything (a scheduled
   * one is rescheduled at the new time); once started (running, or paused after starting): only the name and
   * the throttle, which a running campaign follows from its next messages.
   * @throws ApiException 404 REQ-404; 409 OUT-409-campaign-status (cancelled or done); 409 OUT-409-campaign-started;
   *         422 VAL-001 as {@link create}, and on `sendAt` when a scheduled campaign is left without one
   */
  async update(id: string, dto: CampaignDto, actor: User): Promise<CampaignResponse> {
    const { after, kickAt } = await this.db.transaction(async (manager) => {
      const repository = manager.getRepository(OutreachCampaign);
      const row = await this.find(id, manager, true);
      if (row.status === 'cancelled' || row.status === 'done') throw await this.statusConflict(row, manager);
      const sendAt = dto.sendAt ?? null;
      if (
        row.startedAt &&
        (dto.segmentId !== row.segmentId || dto.templateId !== row.templateId || sendAt !== row.sendAtLocal || dto.zone !== row.zoneMode)
      )
        throw new ApiException(HttpStatus.CONFLICT, 'OUT-409-campaign-started', { data: await this.response(row, manager) });
      await this.checked(dto, manager, row.status !== 'draft');
      const before = await this.response(row, manager);
      Object.assign(row, {
        name: dto.name.trim(),
        segmentId: dto.segmentId,
        templateId: dto.templateId,
        sendAtLocal: sendAt,
        zoneMode: dto.zone,
        perMinute: dto.perMinute,
        updatedBy: actor.id,
      });
      if (!row.startedAt && row.status !== 'draft') row.startsAt = startsAt(row);
      const after = await this.response(await repository.save(row), manager);
      await this.audit.record({ actor, action: 'update', resource: 'campaigns', recordId: id, before, after }, manager);
      return { after, kickAt: row.status === 'scheduled' ? row.startsAt : undefined };
    });
    // once committed: the tick at the (new) start finds the campaign as changed
    if (kickAt !== undefined) await this.runner.kick(kickAt);
    return after;
  }

  /** Deletes a draft (audited `delete`). @throws ApiException 404 REQ-404; 409 OUT-409-campaign-status once scheduled */
  remove(id: string, actor: User): Promise<CampaignResponse> {
    return this.db.transaction(async (manager) => {
      const row = await this.find(id, manager, true);
      if (row.status !== 'draft') throw await this.statusConflict(row, manager);
      const before = await this.response(row, manager);
      await manager.getRepository(OutreachCampaign).delete(id);
      await this.audit.record({ actor, action: 'delete', resource: 'campaigns', recordId: id, before, after: null }, manager);
      return before;
    });
  }

  /**
   * Schedules a draft (audited `schedule`): it starts at `sendAt` — in the earliest zone for `zone` applicant,
   * each applicant then getting it at that time in their own zone; in the office's zone for `zone` office.
   * @throws ApiException 404; 409 OUT-409-campaign-status (not a draft); 422 VAL-001 on `sendAt` without one
   */
  schedule(id: string, actor: User): Promise<CampaignResponse> {
    return this.transition(id, ['draft'], actor, 'schedule', (row) => {
      if (!row.sendAtLocal) throw sendAtError();
      return { status: 'scheduled', startsAt: startsAt(row) };
    });
  }

  /** Pauses a scheduled or running campaign between two messages (audited `pause`). @throws ApiException 404; 409 */
  pause(id: string, actor: User): Promise<CampaignResponse> {
    return this.transition(id, ['scheduled', 'running'], actor, 'pause', () => ({ status: 'paused' }));
  }

  /**
   * Resumes a paused campaign (audited `resume`): running again if it had started (each application still gets
   * it at most once), else scheduled. @throws ApiException 404; 409
   */
  resume(id: string, actor: User): Promise<CampaignResponse> {
    return this.transition(id, ['paused'], actor, 'resume', (row) => ({ status: row.startedAt ? 'running' : 'scheduled' }));
  }

  /**
   * Cancels a campaign (audited `cancel`, with how many claimed messages were released): its messages not yet
   * attempted are removed from the delivery log and never sent; those sent stay. Final. @throws ApiException 404; 409
   */
  cancel(id: string, actor: User): Promise<CampaignResponse> {
    return this.transition(id, ['draft', 'scheduled', 'running', 'paused'], actor, 'cancel', () => ({
      status: 'cancelled',
      finishedAt: new Date(),
    }));
  }

  /** Applies a status change allowed from `from`, audited as `action`, under the row's lock. */
  private async transition(
    id: string,
    from: readonly CampaignStatus[],
    actor: User,
    action: string,
    change: (row: OutreachCampaign) => Partial<OutreachCampaign> & { status: CampaignStatus },
  ): Promise<CampaignResponse> {
    const result = await this.db.transaction(async (manager) => {
      const row = await this.find(id, manager, true);
      if (!from.includes(row.status)) throw await this.statusConflict(row, manager);
      const before = await this.response(row, manager);
      Object.assign(row, change(row), { updatedBy: actor.id });
      const saved = await manager.getRepository(OutreachCampaign).save(row);
      let released = 0;
      if (saved.status === 'cancelled') {
        const deleted = (await manager.query(
          `DELETE FROM outreach_messages WHERE source_kind = 'campaign' AND source_id = $1 AND status = 'queued' AND attempts = 0
              AND attempted_at IS NULL RETURNING id`,
          [id],
        )) as [unknown[], number];
        released = deleted[1];
      }
      const after = await this.response(saved, manager);
      await this.audit.record(
        { actor, action, resource: 'campaigns', recordId: id, before, after: action === 'cancel' ? { ...after, released } : after },
        manager,
      );
      return { after, saved };
    });
    if (result.saved.status === 'scheduled') await this.runner.kick(result.saved.startsAt);
    if (result.saved.status === 'running') await this.runner.kick(null);
    return result.after;
  }

  /** Checks the segment, the template and `sendAt` (required when `scheduled`). @throws ApiException 422 VAL-001 */
  private async checked(dto: CampaignDto, manager: EntityManager, scheduled = false): Promise<void> {
    const errors: Record<string, FieldErrorMessage[]> = {};
    if (!(await manager.getRepository(OutreachSegment).existsBy({ id: dto.segmentId })))
      errors.segmentId = [{ key: 'errors.OUT-422-unknown' }];
    if (!(await manager.getRepository(MessageTemplate).existsBy({ id: dto.templateId })))
      errors.templateId = [{ key: 'errors.OUT-422-unknown' }];
    if ((dto.sendAt && !isLocalTime(dto.sendAt)) || (scheduled && !dto.sendAt)) errors.sendAt = [{ key: 'errors.OUT-422-send-at' }];
    if (Object.keys(errors).length) throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VAL-001', { errors });
  }

  private async statusConflict(row: OutreachCampaign, manager: EntityManager): Promise<ApiException> {
    return new ApiException(HttpStatus.CONFLICT, 'OUT-409-campaign-status', { data: await this.response(row, manager) });
  }

  private async response(row: OutreachCampaign, manager: EntityManager = this.db.manager): Promise<CampaignResponse> {
    return CampaignResponse.from(row, (await this.countsOf([row.id], manager)).get(row.id) ?? noCounts());
  }

  /** Counts by status of the campaigns `ids`, one query. */
  private async countsOf(ids: string[], manager: EntityManager = this.db.manager): Promise<Map<string, OutreachCountsResponse>> {
    const out = new Map<string, OutreachCountsResponse>();
    if (!ids.length) return out;
    const rows = (await manager.query(
      `SELECT source_id AS id, status, count(*)::int AS n FROM outreach_messages
        WHERE source_kind = 'campaign' AND source_id = ANY($1) GROUP BY 1, 2`,
      [ids],
    )) as { id: string; status: keyof OutreachCountsResponse; n: number }[];
    for (const row of rows) {
      const counts = out.get(row.id) ?? noCounts();
      counts[row.status] = row.n;
      counts.total += row.n;
      out.set(row.id, counts);
    }
    return out;
  }

  private async find(id: string, manager: EntityManager = this.db.manager, lock = false): Promise<OutreachCampaign> {
    const row = /^[0-9a-f-]{36}$/i.test(id)
      ? await manager
          .getRepository(OutreachCampaign)
          .findOne({ where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) })
      : null;
    if (!row) throw new ApiException(HttpStatus.NOT_FOUND, 'REQ-404');
    return row;
  }
}

/** The first instant a campaign may send: its `sendAt` in the earliest zone (applicants' own zones) or the office's. */
function startsAt(row: Pick<OutreachCampaign, 'sendAtLocal' | 'zoneMode'>): Date | null {
  if (!row.sendAtLocal) return null;
  return row.zoneMode === 'applicant' ? earliestInstant(row.sendAtLocal) : localTimeInstant(row.sendAtLocal, OFFICE_ZONE);
}

const sendAtError = () =>
  new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VAL-001', { errors: { sendAt: [{ key: 'errors.OUT-422-send-at' }] } });
