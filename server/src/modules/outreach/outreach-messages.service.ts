import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { ApiException } from '../../common/errors/api.exception.js';
import { likePattern, whereIdIn, type ParsedListQuery } from '../../common/http/simple-rest.js';
import type { OutreachCountsQuery, OutreachCountsResponse, OutreachMessageResponse } from './dto/outreach-message.dto.js';
import { MESSAGE_STATUSES, SOURCE_KINDS } from './outreach-message.entity.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Sortable fields of the log → columns. */
const SORT_COLUMNS: Record<string, string> = {
  id: 'm.id',
  createdAt: 'm.created_at',
  sentAt: 'm.sent_at',
  status: 'm.status',
  email: 'm.email',
};
/** Fields the delivery log may be sorted on. */
export const MESSAGE_SORT_FIELDS = Object.keys(SORT_COLUMNS);

/** The columns of a log row, with the template's key and the application's reference number. */
const COLUMNS = `m.id::text AS id, m.application_id AS "applicationId", a.reference_number::text AS "referenceNumber", m.email,
  m.template_id AS "templateId", t.key AS "templateKey", m.kind, m.source_kind AS "sourceKind", m.source_id AS "sourceId",
  m.stage_key AS "stageKey", m.locale, m.subject, m.status, m.suppressed_reason AS "suppressedReason", m.smtp_code AS "smtpCode",
  m.error, m.attempts, m.created_at AS "createdAt", m.sent_at AS "sentAt", m.updated_at AS "updatedAt"`;

/** A raw row as the log's query returns it. */
type Raw = Omit<OutreachMessageResponse, 'createdAt' | 'sentAt' | 'updatedAt'> & { createdAt: Date; sentAt: Date | null; updatedAt: Date };

const toResponse = (r: Raw): OutreachMessageResponse => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt ? r.sentAt.toISOString() : null,
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * The delivery log (issue 30 item 6; table `outreach_messages`): every message with its outcome, filterable
 * by application, status, source and template; counts by status for a campaign, a rule or any selection.
 */
@Injectable()
export class OutreachMessagesService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * A page of the log. Filters: `applicationId`, `status` (one or a list), `sourceKind` (one or a list),
   * `sourceId`, `templateId`, `stageKey`, `q` (part of the address), `id` (list).
   * @throws ApiException 400 REQ-400 for a malformed filter value
   */
  async page(query: ParsedListQuery): Promise<{ rows: OutreachMessageResponse[]; total: number }> {
    const qb = this.filtered(query.filter);
    const total = await qb.clone().select('count(*)::int', 'n').getRawOne<{ n: number }>();
    const rows = await qb
      .select(COLUMNS)
      .orderBy(SORT_COLUMNS[query.sortField] ?? 'm.id', query.sortOrder, query.sortOrder === 'ASC' ? 'NULLS FIRST' : 'NULLS LAST')
      .addOrderBy('m.id', 'DESC')
      .offset(query.skip)
      .limit(query.take)
      .getRawMany<Raw>();
    return { rows: rows.map(toResponse), total: total?.n ?? 0 };
  }

  /** One message. @throws ApiException 404 REQ-404 */
  async get(id: string): Promise<OutreachMessageResponse> {
    const row = /^\d{1,18}$/.test(id) ? await this.base().select(COLUMNS).where('m.id = :id', { id }).getRawOne<Raw>() : undefined;
    if (!row) throw new ApiException(HttpStatus.NOT_FOUND, 'REQ-404');
    return toResponse(row);
  }

  /** How many messages of a selection (a campaign: `sourceKind` campaign + `sourceId`) are in each status. */
  async counts(query: OutreachCountsQuery): Promise<OutreachCountsResponse> {
    const rows = await this.filtered({ ...query })
      .select('m.status', 'status')
      .addSelect('count(*)::int', 'n')
      .groupBy('m.status')
      .getRawMany<{ status: string; n: number }>();
    const counts: OutreachCountsResponse = { total: 0, queued: 0, sent: 0, failed: 0, bounced: 0, suppressed: 0 };
    for (const row of rows) {
      counts[row.status as keyof OutreachCountsResponse] = row.n;
      counts.total += row.n;
    }
    return counts;
  }

  private base(): SelectQueryBuilder<object> {
    return this.db
      .createQueryBuilder()
      .from('outreach_messages', 'm')
      .leftJoin('outreach_templates', 't', 't.id = m.template_id')
      .leftJoin('applications', 'a', 'a.id = m.application_id');
  }

  private filtered(filter: Record<string, unknown>): SelectQueryBuilder<object> {
    const qb = this.base();
    const bad = () => new ApiException(HttpStatus.BAD_REQUEST, 'REQ-400');
    for (const [name, column] of [
      ['applicationId', 'm.application_id'],
      ['sourceId', 'm.source_id'],
      ['templateId', 'm.template_id'],
    ] as const) {
      const value = filter[name];
      if (value === undefined || value === null || value === '') continue;
      if (typeof value !== 'string' || !UUID.test(value)) throw bad();
      qb.andWhere(`${column} = :${name}`, { [name]: value });
    }
    for (const [name, column, allowed] of [
      ['status', 'm.status', MESSAGE_STATUSES],
      ['sourceKind', 'm.source_kind', SOURCE_KINDS],
    ] as const) {
      const value = filter[name];
      if (value === undefined || value === null || value === '') continue;
      const values = Array.isArray(value) ? value : [value];
      if (!values.length) continue;
      if (values.some((v) => !(allowed as readonly unknown[]).includes(v))) throw bad();
      qb.andWhere(`${column} IN (:...${name})`, { [name]: values });
    }
    if (filter.stageKey !== undefined) {
      if (typeof filter.stageKey !== 'string') throw bad();
      qb.andWhere('m.stage_key = :stageKey', { stageKey: filter.stageKey });
    }
    if (typeof filter.q === 'string' && filter.q.trim()) qb.andWhere('m.email ILIKE :q', { q: likePattern(filter.q.trim()) });
    whereIdIn(qb, 'm.id', filter.id, 'int');
    return qb;
  }
}
