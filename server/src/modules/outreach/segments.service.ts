import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, Repository, SelectQueryBuilder } from 'typeorm';
import { ApiException, type FieldErrorMessage } from '../../common/errors/api.exception.js';
import { likePattern, whereIdIn, type ParsedListQuery } from '../../common/http/simple-rest.js';
import { AdminApplicationsService } from '../admin/admin-applications.service.js';
import { AuditService } from '../admin/audit.service.js';
import type { Application } from '../applications/application.entity.js';
import { ChecklistService } from '../decisions/checklist.service.js';
import type { User } from '../users/user.entity.js';
import { formatPersonName } from '../../../../contract/format/person-name.js';
import type { SegmentFilter } from './dto/segment-filter.dto.js';
import { SegmentResponse, type SegmentDto, type SegmentPreviewResponse, type SegmentSampleRow } from './dto/segment.dto.js';
import { OutreachSegment } from './outreach-segment.entity.js';

const DAY_MS = 86_400_000;
/** Applications in a preview's sample. */
export const SEGMENT_SAMPLE_SIZE = 20;
/** Applications read per batch when the checklist has to be computed (the `missing` filter). */
const CHECKLIST_BATCH = 200;
/** Checklists computed at once. */
const CHECKLIST_CONCURRENCY = 8;

/** The Applications list's filters a segment passes to `AdminApplicationsService.filtered` as they are. */
const LIST_FILTERS = [
  'q',
  'status',
  'fieldOfInterest',
  'program',
  'semester',
  'round',
  'gender',
  'Payment_Status',
  'createdFrom',
  'createdTo',
  'updatedFrom',
  'updatedTo',
] as const;

/** Options of {@link SegmentsService.matchingIds}. */
export interface MatchingOptions {
  /** The instant "days idle" counts from (default: the server's clock now). */
  now?: Date;
  /** Ids per yielded batch (default 500). */
  batchSize?: number;
}

/**
 * Segments (issue 30 item 1; docs/api.md "Outreach"): saved filters over applications, with a live count
 * and a sample. The filter is an allow-list (`SegmentFilterDto`); its SQL is built with TypeORM's query
 * builder and bound parameters from those fields only — the Applications list's own filters through
 * `AdminApplicationsService.filtered`, the others here — never by concatenating input. The `missing` filter
 * is the one rule set of the applicant's checklist (`ChecklistService`), computed per application after
 * the SQL has narrowed the candidates.
 *
 * For the campaigns and reminders built on this: {@link matchingIds} walks every matching application,
 * {@link matches} re-checks one application just before a send.
 */
@Injectable()
export class SegmentsService {
  constructor(
    @InjectRepository(OutreachSegment) private readonly segments: Repository<OutreachSegment>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly applications: AdminApplicationsService,
    private readonly checklist: ChecklistService,
    private readonly audit: AuditService,
  ) {}

  /** A page of segments. Filters: `q` (part of the name), `id` (list, getMany). */
  async page(query: ParsedListQuery): Promise<{ rows: SegmentResponse[]; total: number }> {
    const qb = this.segments.createQueryBuilder('s');
    if (typeof query.filter.q === 'string' && query.filter.q.trim())
      qb.andWhere('s.name ILIKE :q', { q: likePattern(query.filter.q.trim()) });
    whereIdIn(qb, 's.id', query.filter.id, 'uuid');
    const column = { id: 's.id', name: 's.name', createdAt: 's.createdAt', updatedAt: 's.updatedAt' }[query.sortField] ?? 's.updatedAt';
    const [rows, total] = await qb
      .orderBy(column, query.sortOrder)
      .addOrderBy('s.id', 'ASC')
      .skip(query.skip)
      .take(query.take)
      .getManyAndCount();
    return { rows: rows.map((row) => SegmentResponse.from(row)), total };
  }

  /** One segment. @throws ApiException 404 REQ-404 */
  async get(id: string): Promise<SegmentResponse> {
    return SegmentResponse.from(await this.find(id));
  }

  /** The stored filter of a segment (for campaigns). @throws ApiException 404 REQ-404 */
  async filterOf(id: string): Promise<SegmentFilter> {
    return (await this.find(id)).filter;
  }

  /**
   * Saves a new segment with its audit entry (`create`, resource `segments`) in one transaction.
   * @throws ApiException 422 VAL-001 when a lower bound exceeds its upper bound
   */
  create(dto: SegmentDto, actor: User): Promise<SegmentResponse> {
    const filter = this.checked(dto.filter);
    return this.db.transaction(async (manager) => {
      const repository = manager.getRepository(OutreachSegment);
      const row = await repository.save(repository.create({ name: dto.name.trim(), filter, createdBy: actor.id, updatedBy: actor.id }));
      const after = SegmentResponse.from(row);
      await this.audit.record({ actor, action: 'create', resource: 'segments', recordId: row.id, before: null, after }, manager);
      return after;
    });
  }

  /** Changes a segment's name and filter (audited `update`, before and after). @throws ApiException 404, 422 */
  update(id: string, dto: SegmentDto, actor: User): Promise<SegmentResponse> {
    const filter = this.checked(dto.filter);
    return this.db.transaction(async (manager) => {
      const repository = manager.getRepository(OutreachSegment);
      const row = await this.find(id, repository);
      const before = SegmentResponse.from(row);
      Object.assign(row, { name: dto.name.trim(), filter, updatedBy: actor.id });
      const after = SegmentResponse.from(await repository.save(row));
      await this.audit.record({ actor, action: 'update', resource: 'segments', recordId: id, before, after }, manager);
      return after;
    });
  }

  /** Deletes a segment (audited `delete`). @throws ApiException 404 REQ-404 */
  remove(id: string, actor: User): Promise<SegmentResponse> {
    return this.db.transaction(async (manager) => {
      const repository = manager.getRepository(OutreachSegment);
      const before = SegmentResponse.from(await this.find(id, repository));
      // a campaign's audience (issue 30 item 4): 409, never the foreign key's 500
      const [inUse] = (await manager.query(`SELECT 1 FROM outreach_campaigns WHERE segment_id = $1 LIMIT 1`, [id])) as unknown[];
      if (inUse) throw new ApiException(HttpStatus.CONFLICT, 'OUT-409-in-use', { data: before });
      await repository.delete(id);
      await this.audit.record({ actor, action: 'delete', resource: 'segments', recordId: id, before, after: null }, manager);
      return before;
    });
  }

  /**
   * How many applications match `filter` now, and the first {@link SEGMENT_SAMPLE_SIZE} (longest idle first).
   * @param now the instant days idle count from (the server's clock)
   * @throws ApiException 422 VAL-001 when a lower bound exceeds its upper bound
   */
  async preview(filter: SegmentFilter, now = new Date()): Promise<SegmentPreviewResponse> {
    this.checked(filter);
    if (!filter.missing?.length) {
      const [count, rows] = await Promise.all([
        this.query(filter, now).getCount(),
        this.query(filter, now).orderBy('a.updated_at', 'ASC').addOrderBy('a.id', 'ASC').limit(SEGMENT_SAMPLE_SIZE).getMany(),
      ]);
      return { count, sample: rows.map((app) => sampleRow(app, now)) };
    }
    let count = 0;
    let sample: Application[] = [];
    for await (const batch of this.matchingBatches(filter, now, CHECKLIST_BATCH)) {
      count += batch.length;
      sample = [...sample, ...batch].sort(idleFirst).slice(0, SEGMENT_SAMPLE_SIZE);
    }
    return { count, sample: sample.map((app) => sampleRow(app, now)) };
  }

  /** The preview of a saved segment. @throws ApiException 404 REQ-404 */
  async previewSaved(id: string, now = new Date()): Promise<SegmentPreviewResponse> {
    return this.preview((await this.find(id)).filter, now);
  }

  /**
   * Every application matching `filter`, as batches of ids in id order (for a campaign's audience). The SQL
   * part is read page by page (keyset on id), so applications changing meanwhile may enter or leave the walk:
   * claim each one (a unique `outreach_messages` row) and re-check it with {@link matches} if it must still
   * match when sent.
   */
  async *matchingIds(filter: SegmentFilter, options: MatchingOptions = {}): AsyncGenerator<string[]> {
    this.checked(filter);
    const size = Math.max(1, Math.floor(options.batchSize ?? 500));
    for await (const batch of this.matchingBatches(filter, options.now ?? new Date(), size)) yield batch.map((app) => app.id);
  }

  /** True when application `applicationId` matches `filter` now (false for an unknown id). */
  async matches(applicationId: string, filter: SegmentFilter, now = new Date()): Promise<boolean> {
    if (!/^[0-9a-f-]{36}$/i.test(applicationId)) return false;
    const app = await this.query(filter, now).andWhere('a.id = :s_one', { s_one: applicationId }).getOne();
    return app !== null && (await this.missingMatches([app], filter)).length === 1;
  }

  /**
   * The SQL part of a filter: every field but `missing`, as a query builder over `applications a`.
   * Parameters are bound (`:name`), never concatenated.
   */
  query(filter: SegmentFilter, now: Date): SelectQueryBuilder<Application> {
    const listFilter: Record<string, unknown> = {};
    for (const name of LIST_FILTERS) {
      const value = filter[name];
      if (value !== undefined && !(Array.isArray(value) && value.length === 0)) listFilter[name] = value;
    }
    const qb = this.applications.filtered(listFilter);
    if (!filter.status?.length) qb.andWhere(`a.status <> 'withdrawn'`);
    if (filter.stepReachedMin !== undefined) qb.andWhere('a.step_reached >= :s_stepMin', { s_stepMin: filter.stepReachedMin });
    if (filter.stepReachedMax !== undefined) qb.andWhere('a.step_reached <= :s_stepMax', { s_stepMax: filter.stepReachedMax });
    // every condition is parenthesised: an OR inside one must never escape the AND of the others
    // idle N days: now − updated_at ≥ N days; idle at most M days: now − updated_at < M + 1 days
    if (filter.idleDaysMin !== undefined)
      qb.andWhere('a.updated_at <= :s_idleMin', { s_idleMin: new Date(now.getTime() - filter.idleDaysMin * DAY_MS) });
    if (filter.idleDaysMax !== undefined)
      qb.andWhere('a.updated_at > :s_idleMax', { s_idleMax: new Date(now.getTime() - (filter.idleDaysMax + 1) * DAY_MS) });
    // the checklist's fee item: received when Paid, waived when Waived, awaited otherwise
    if (filter.feeUnpaid !== undefined) qb.andWhere(`a.payment_status ${filter.feeUnpaid ? 'NOT IN' : 'IN'} ('Paid', 'Waived')`);
    if (filter.decision?.length) {
      const decided = filter.decision.filter((d) => d !== 'none');
      const none = filter.decision.includes('none');
      const any = [decided.length ? 'a.decision IN (:...s_decision)' : null, none ? 'a.decision IS NULL' : null].filter(Boolean);
      qb.andWhere(`(${any.join(' OR ')})`, { s_decision: decided });
    }
    // released as the checklist shows it: decided, with a decision and its release time
    const released = `(a.status = 'decided' AND a.decision IS NOT NULL AND a.decision_released_at IS NOT NULL)`;
    if (filter.decisionReleased !== undefined) qb.andWhere(filter.decisionReleased ? released : `NOT ${released}`);
    if (filter.reply?.length) {
      const replies = filter.reply.filter((r) => r !== 'none');
      const none = filter.reply.includes('none');
      const any = [replies.length ? 'a.reply IN (:...s_reply)' : null, none ? 'a.reply IS NULL' : null].filter(Boolean);
      qb.andWhere(`(${any.join(' OR ')})`, { s_reply: replies });
    }
    return qb;
  }

  /**
   * The matching applications, batch by batch in id order (SQL, then the checklist when `missing` is set). Without
   * `missing` they carry their `id` alone: nothing else of them is needed.
   */
  private async *matchingBatches(filter: SegmentFilter, now: Date, size: number): AsyncGenerator<Application[]> {
    let after: string | null = null;
    for (;;) {
      const qb = this.query(filter, now).orderBy('a.id', 'ASC').limit(size);
      // without a checklist condition only the ids are read (an audience of thousands, never their answers)
      if (!filter.missing?.length) qb.select(['a.id']);
      if (after) qb.andWhere('a.id > :s_after', { s_after: after });
      const rows = await qb.getMany();
      if (!rows.length) return;
      const matching = await this.missingMatches(rows, filter);
      if (matching.length) yield matching;
      if (rows.length < size) return;
      after = rows[rows.length - 1]!.id;
    }
  }

  /** The applications of `apps` that await any checklist item of `filter.missing` (all of them without it). */
  private async missingMatches(apps: Application[], filter: SegmentFilter): Promise<Application[]> {
    const wanted = new Set(filter.missing ?? []);
    if (!wanted.size) return apps;
    const keep: boolean[] = new Array<boolean>(apps.length).fill(false);
    let next = 0;
    const worker = async () => {
      while (next < apps.length) {
        const index = next++;
        const { items } = await this.checklist.of(apps[index]!);
        keep[index] = items.some((item) => item.state === 'awaiting' && wanted.has(item.key));
      }
    };
    await Promise.all(Array.from({ length: Math.min(CHECKLIST_CONCURRENCY, apps.length) }, worker));
    return apps.filter((_, index) => keep[index]);
  }

  /** The filter when its bounds are in order. @throws ApiException 422 VAL-001 (`filter.<upper bound>`) */
  private checked(filter: SegmentFilter): SegmentFilter {
    const errors: Record<string, FieldErrorMessage[]> = {};
    for (const [min, max] of [
      ['stepReachedMin', 'stepReachedMax'],
      ['idleDaysMin', 'idleDaysMax'],
    ] as const) {
      const low = filter[min];
      const high = filter[max];
      if (low !== undefined && high !== undefined && low > high) errors[`filter.${max}`] = [{ key: 'errors.OUT-422-range' }];
    }
    if (Object.keys(errors).length) throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VAL-001', { errors });
    return filter;
  }

  private async find(id: string, repository = this.segments): Promise<OutreachSegment> {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await repository.findOneBy({ id }) : null;
    if (!row) throw new ApiException(HttpStatus.NOT_FOUND, 'REQ-404');
    return row;
  }
}

/** Longest idle first (then by id). */
const idleFirst = (a: Application, b: Application) => a.updatedAt.getTime() - b.updatedAt.getTime() || (a.id < b.id ? -1 : 1);

/** A sample row of an application. */
function sampleRow(app: Application, now: Date): SegmentSampleRow {
  return {
    id: app.id,
    referenceNumber: String(app.referenceNumber),
    name: formatPersonName(app, app.locale),
    email: app.email,
    program: app.fieldOfInterest,
    semester: app.semester,
    status: app.status,
    step: app.stepReached,
    idleDays: Math.max(0, Math.floor((now.getTime() - app.updatedAt.getTime()) / DAY_MS)),
  };
}
