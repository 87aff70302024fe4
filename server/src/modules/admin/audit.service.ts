import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { HttpStatus } from '@nestjs/common';
import type { EntityManager, Repository } from 'typeorm';
import { ApiException } from '../../common/errors/api.exception.js';
import { likePattern, whereIdIn, type ParsedListQuery } from '../../common/http/simple-rest.js';
import { isApiKeyPrincipal, type ApiKeyPrincipal } from '../api-keys/api-key-principal.js';
import type { User } from '../users/user.entity.js';
import { AuditEntry } from './audit-entry.entity.js';
import { AuditEntryResponse } from './dto/audit-entry.dto.js';

/** What {@link AuditService.record} writes (BRIEF contract 7). */
export interface AuditRecordInput {
  /** The admin who made the change (null for the system); an API key is recorded by name, without an actor id. */
  actor: Pick<User, 'id' | 'email'> | ApiKeyPrincipal | null;
  action: string;
  resource: string;
  recordId?: string | number | null;
  /** The record before the change (null on create). */
  before?: unknown;
  /** The record after the change (null on delete). */
  after?: unknown;
}

/** Turns a value into plain JSON (dates to ISO strings, class instances to objects). */
function plain(value: unknown): unknown {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
}

/**
 * The audit log (DESIGN §4 `audit-log`, BRIEF contract 7): every admin write records who, when, what,
 * and the record before and after. Pass `manager` to write inside the caller's transaction.
 */
@Injectable()
export class AuditService {
  constructor(@InjectRepository(AuditEntry) private readonly entries: Repository<AuditEntry>) {}

  /** Appends one entry. */
  async record(input: AuditRecordInput, manager?: EntityManager): Promise<void> {
    const repository = manager ? manager.getRepository(AuditEntry) : this.entries;
    await repository.insert({
      actorId: isApiKeyPrincipal(input.actor) ? null : (input.actor?.id ?? null),
      actorEmail: input.actor?.email ?? null,
      action: input.action,
      resource: input.resource,
      recordId: input.recordId === undefined || input.recordId === null ? null : String(input.recordId),
      before: plain(input.before) as never,
      after: plain(input.after) as never,
    });
  }

  /**
   * Admin list page. Filters: `resource`, `action`, `actor` (actor id, or part of the actor e-mail),
   * `recordId`, `createdFrom`/`createdTo` (ISO date or date-time; `createdTo` as a date includes that day), `q`.
   */
  async page(query: ParsedListQuery): Promise<{ rows: AuditEntryResponse[]; total: number }> {
    const f = query.filter;
    const qb = this.entries.createQueryBuilder('e');
    const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
    whereIdIn(qb, 'e.id', f.id, 'int');
    if (text(f.resource)) qb.andWhere('e.resource = :resource', { resource: text(f.resource) });
    if (text(f.action)) qb.andWhere('e.action = :action', { action: text(f.action) });
    if (text(f.recordId)) qb.andWhere('e.record_id = :recordId', { recordId: text(f.recordId) });
    const actor = text(f.actor);
    if (actor) {
      if (/^[0-9a-f-]{36}$/i.test(actor)) qb.andWhere('e.actor_id = :actor', { actor });
      else qb.andWhere('e.actor_email ILIKE :actor', { actor: likePattern(actor) });
    }
    if (text(f.q))
      qb.andWhere('(e.resource ILIKE :q OR e.action ILIKE :q OR e.actor_email ILIKE :q OR e.record_id ILIKE :q)', {
        q: likePattern(text(f.q)!),
      });
    applyDateRange(qb, 'e.created_at', f.createdFrom, f.createdTo);
    const column =
      { id: 'e.id', createdAt: 'e.createdAt', resource: 'e.resource', action: 'e.action', actorEmail: 'e.actorEmail' }[query.sortField] ??
      'e.id';
    const [rows, total] = await qb
      .orderBy(column, query.sortOrder)
      .addOrderBy('e.id', 'DESC')
      .skip(query.skip)
      .take(query.take)
      .getManyAndCount();
    return { rows: rows.map(AuditEntryResponse.from), total };
  }

  /** One entry. @throws ApiException 404 REQ-404 */
  async get(id: string): Promise<AuditEntryResponse> {
    const row = /^\d+$/.test(id) ? await this.entries.findOne({ where: { id } }) : null;
    if (!row) throw new ApiException(HttpStatus.NOT_FOUND, 'REQ-404');
    return AuditEntryResponse.from(row);
  }
}

/** A date filter value: `YYYY-MM-DD` or an ISO date-time; anything else is refused (400). */
function parseDateFilter(value: unknown, endOfDay: boolean): Date | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new ApiException(HttpStatus.BAD_REQUEST, 'REQ-400');
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) throw new ApiException(HttpStatus.BAD_REQUEST, 'REQ-400');
  return dateOnly && endOfDay ? new Date(date.getTime() + 86_400_000) : date;
}

/**
 * Adds `column >= from` and `column < to` (a date-only `to` includes its whole day, UTC) to a query.
 * @throws ApiException 400 REQ-400 for a value that is not a date
 */
export function applyDateRange(
  qb: { andWhere(sql: string, params: Record<string, unknown>): unknown },
  column: string,
  from: unknown,
  to: unknown,
): void {
  const start = parseDateFilter(from, false);
  const end = parseDateFilter(to, true);
  const name = column.replace(/\W/g, '_');
  if (start) qb.andWhere(`${column} >= :${name}_from`, { [`${name}_from`]: start });
  if (end)
    qb.andWhere(`${column} ${typeof to === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(to) ? '<' : '<='} :${name}_to`, { [`${name}_to`]: end });
}
