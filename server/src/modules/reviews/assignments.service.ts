import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import { ApiException, fieldError } from '../../common/errors/api.exception.js';
import { type ParsedListQuery, likePattern } from '../../common/http/simple-rest.js';
import { AdminApplicationsService } from '../admin/admin-applications.service.js';
import { AuditService } from '../admin/audit.service.js';
import { Application } from '../applications/application.entity.js';
import { ApplicationCompletionService } from '../attachments/application-completion.service.js';
import type { User } from '../users/user.entity.js';
import type { AssignmentDto } from './dto/assignment.dto.js';
import { AssignmentResultResponse, QueueItemResponse } from './dto/assignment.dto.js';

/** Sortable queue fields → columns. */
const QUEUE_SORT: Record<string, string> = {
  assignedAt: 'aa.assigned_at',
  referenceNumber: 'a.reference_number',
  lastName: 'a.last_name',
  status: 'a.status',
  reviewedAt: 'r.updated_at',
};
/** Statuses in which a file can be read (the reviews' rule, `reviews.service.ts`). */
export const REVIEWABLE_STATUSES = ['complete', 'under_review', 'decided'];

/** Fields the queue may be sorted on. */
export const QUEUE_SORT_FIELDS = Object.keys(QUEUE_SORT);

/**
 * Applications assigned to readers (issue 15 item 2): bulk assignment by ids or by the admin list's
 * filter, unassignment, and each reader's queue. Every pair added or removed is audited.
 */
@Injectable()
export class AssignmentsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly applications: AdminApplicationsService,
    private readonly audit: AuditService,
    private readonly completion: ApplicationCompletionService,
  ) {}

  /**
   * Assigns every chosen application to every chosen reader (pairs already assigned are left alone).
   * @throws ApiException 422 ASG-422-target (ids and filter, or neither), ASG-422-reader (a user who is no
   *         reader or admin); 404 APP-404 for an unknown application id; 400 REQ-400 for a malformed filter
   */
  assign(dto: AssignmentDto, actor: User): Promise<AssignmentResultResponse> {
    return this.change(dto, actor, 'assign');
  }

  /** Removes the chosen pairs (the readers' reviews stay). Same errors as {@link assign}. */
  unassign(dto: AssignmentDto, actor: User): Promise<AssignmentResultResponse> {
    return this.change(dto, actor, 'unassign');
  }

  private async change(dto: AssignmentDto, actor: User, action: 'assign' | 'unassign'): Promise<AssignmentResultResponse> {
    if ((dto.applicationIds === undefined) === (dto.filter === undefined))
      throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'ASG-422-target');
    const readerIds = [...new Set(dto.readerIds)];
    const readers = (await this.db.query(`SELECT id, email FROM users WHERE id = ANY($1::uuid[]) AND role IN ('reader', 'admin')`, [
      readerIds,
    ])) as { id: string; email: string }[];
    if (readers.length !== readerIds.length) throw fieldError('readerIds', 'errors.ASG-422-reader');
    const applicationIds = await this.applicationIds(dto);
    return this.db.transaction(async (manager) => {
      const sql =
        action === 'assign'
          ? `INSERT INTO application_assignments (application_id, reader_id, assigned_by)
             SELECT a, r, $3 FROM unnest($1::uuid[]) a CROSS JOIN unnest($2::uuid[]) r
             ON CONFLICT DO NOTHING RETURNING application_id, reader_id`
          : `DELETE FROM application_assignments WHERE application_id = ANY($1::uuid[]) AND reader_id = ANY($2::uuid[])
             RETURNING application_id, reader_id`;
      const params = action === 'assign' ? [applicationIds, readerIds, actor.id] : [applicationIds, readerIds];
      type Pair = { application_id: string; reader_id: string };
      const raw = (await manager.query(sql, params)) as Pair[] | [Pair[], number];
      // the pg driver answers an INSERT … RETURNING with its rows, a DELETE … RETURNING with [rows, count]
      const changed = action === 'assign' ? (raw as Pair[]) : (raw as [Pair[], number])[0];
      const emails = new Map(readers.map((r) => [r.id, r.email]));
      for (const pair of changed) {
        const reader = { readerId: pair.reader_id, readerEmail: emails.get(pair.reader_id) };
        await this.audit.record(
          {
            actor,
            action,
            resource: 'assignments',
            recordId: pair.application_id,
            before: action === 'assign' ? null : reader,
            after: action === 'assign' ? reader : null,
          },
          manager,
        );
      }
      return Object.assign(new AssignmentResultResponse(), { applications: applicationIds.length, changed: changed.length });
    });
  }

  /** The chosen applications' ids. @throws ApiException 404 APP-404 for an unknown id */
  private async applicationIds(dto: AssignmentDto): Promise<string[]> {
    if (dto.applicationIds) {
      const wanted = [...new Set(dto.applicationIds.map((id) => id.toLowerCase()))];
      const found = await this.applications.filtered({ id: wanted }).select('a.id').getMany();
      if (found.length !== wanted.length) throw new ApiException(HttpStatus.NOT_FOUND, 'APP-404');
      return wanted;
    }
    const rows = await this.applications
      .filtered(dto.filter ?? {})
      .select('a.id')
      .getMany();
    return rows.map((r) => r.id);
  }

  /**
   * A page of the caller's queue: the applications assigned to them with their own review state, those
   * that can be read first (`ready`), each one that cannot yet with what it waits for (`waitingFor`).
   * Filters: `q` (name or reference number), `reviewed` (true / false).
   */
  async queue(query: ParsedListQuery, caller: User): Promise<{ rows: QueueItemResponse[]; total: number }> {
    const where = ['aa.reader_id = $1'];
    const params: unknown[] = [caller.id];
    const q = typeof query.filter.q === 'string' ? query.filter.q.trim() : '';
    if (q) {
      params.push(likePattern(q), q.replace(/^#/, ''));
      where.push(`(a.first_name || ' ' || a.last_name ILIKE $${params.length - 1} OR a.reference_number::text = $${params.length})`);
    }
    if (query.filter.reviewed === true || query.filter.reviewed === 'true') where.push('r.id IS NOT NULL');
    if (query.filter.reviewed === false || query.filter.reviewed === 'false') where.push('r.id IS NULL');
    const from = `FROM application_assignments aa
      JOIN applications a ON a.id = aa.application_id
      LEFT JOIN application_reviews r ON r.application_id = aa.application_id AND r.reader_id = aa.reader_id
      WHERE ${where.join(' AND ')}`;
    // files that can be read first, then the chosen order (issue 24)
    const order = `(a.status = ANY($${params.length + 1})) DESC, ${QUEUE_SORT[query.sortField] ?? 'aa.assigned_at'} ${query.sortOrder} NULLS LAST, a.id ASC`;
    const [rows, [{ n }]] = (await Promise.all([
      this.db.query(
        `SELECT a.id, a.reference_number, a.first_name, a.last_name, a.field_of_interest, a.semester, a.status,
                aa.assigned_at, r.updated_at AS reviewed_at, r.recommendation
         ${from} ORDER BY ${order} OFFSET ${query.skip} LIMIT ${query.take}`,
        [...params, REVIEWABLE_STATUSES],
      ),
      this.db.query(`SELECT count(*)::int AS n ${from}`, params),
    ])) as [Record<string, unknown>[], { n: number }[]];
    const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
    // what a file that cannot be read yet still waits for, from the one rule (file-items.ts)
    const waiting = rows.filter((r) => r.status === 'submitted').map((r) => String(r.id));
    const waitingFor = new Map<string, string[]>();
    for (const application of waiting.length ? await this.db.getRepository(Application).findBy({ id: In(waiting) }) : [])
      waitingFor.set(application.id, await this.completion.missingSlots(application));
    return {
      total: n,
      rows: rows.map((r) =>
        Object.assign(new QueueItemResponse(), {
          ready: REVIEWABLE_STATUSES.includes(String(r.status)),
          waitingFor: waitingFor.get(String(r.id)) ?? [],
          id: String(r.id),
          referenceNumber: String(r.reference_number),
          firstName: String(r.first_name),
          lastName: String(r.last_name),
          fieldOfInterest: String(r.field_of_interest),
          semesterApplied: String(r.semester),
          status: String(r.status),
          assignedAt: iso(r.assigned_at)!,
          reviewedAt: iso(r.reviewed_at),
          recommendation: (r.recommendation as string | null) ?? null,
        }),
      ),
    };
  }
}
