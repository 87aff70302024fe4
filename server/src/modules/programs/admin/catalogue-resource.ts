import { HttpStatus } from '@nestjs/common';
import type { DataSource, EntityManager, EntityTarget, ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import type { ChangeFeedService, WatchedTable } from '../../../common/cache/change-feed.service.js';
import { ApiException } from '../../../common/errors/api.exception.js';
import { whereIdIn, type ParsedListQuery } from '../../../common/http/simple-rest.js';
import type { AuditService } from '../../admin/audit.service.js';
import type { User } from '../../users/user.entity.js';

/**
 * The one shape of the console's catalogue resources (programs, terms, offerings; issue 25): a page with
 * filters and sorting, one record, create and replace — each change and its audit entry in one
 * transaction, then the in-memory catalogue of every replica told (`ChangeFeedService`). Records are
 * archived, never deleted (applications keep naming them). A subclass gives the table, the wire shape
 * and the rules of its columns.
 * @typeParam E the entity (integer `id`)
 * @typeParam D the create/replace DTO
 * @typeParam R the response DTO
 */
export abstract class CatalogueResource<E extends ObjectLiteral & { id: number }, D, R> {
  /** The audit log's resource name (the console's resource). */
  protected abstract readonly resource: string;
  /** The table, for the change feed. */
  protected abstract readonly table: WatchedTable;
  /** Sortable fields → query-builder columns (alias `r`). */
  protected abstract readonly sortColumns: Record<string, string>;
  /** The default sort when the list names none. */
  protected abstract readonly defaultSort: string;

  constructor(
    protected readonly db: DataSource,
    protected readonly audit: AuditService,
    private readonly changes: ChangeFeedService,
    private readonly entity: EntityTarget<E>,
  ) {}

  /** Maps rows to the wire (one call per page, so names of related rows are read once). */
  protected abstract toResponses(rows: E[], manager: EntityManager): Promise<R[]>;
  /**
   * The columns `dto` sets on `row` (null: a new row), validated against the database.
   * @throws ApiException 422 VAL-001 for a value that breaks a rule; 409 CAT-409-in-use for a change applications forbid
   */
  protected abstract columns(dto: D, row: E | null, manager: EntityManager): Promise<Partial<E>>;
  /** Adds the list's filters (alias `r`). */
  protected abstract filter(qb: SelectQueryBuilder<E>, filter: Record<string, unknown>): void;

  /** The sortable field names (for the list query's check). */
  get sortable(): string[] {
    return Object.keys(this.sortColumns);
  }

  /** A page and the total. Filter `id` (list) always applies. */
  async page(query: ParsedListQuery): Promise<{ rows: R[]; total: number }> {
    const qb = this.db.getRepository(this.entity).createQueryBuilder('r');
    this.filter(qb, query.filter);
    whereIdIn(qb, 'r.id', query.filter.id, 'int');
    const [rows, total] = await qb
      .orderBy(this.sortColumns[query.sortField] ?? this.sortColumns[this.defaultSort]!, query.sortOrder)
      .addOrderBy('r.id', 'ASC')
      .skip(query.skip)
      .take(query.take)
      .getManyAndCount();
    return { rows: await this.toResponses(rows, this.db.manager), total };
  }

  /** One record. @throws ApiException 404 REQ-404 */
  async get(id: string): Promise<R> {
    return (await this.toResponses([await this.find(id, this.db.getRepository(this.entity))], this.db.manager))[0]!;
  }

  /** Creates a record (audited). @throws ApiException 422 VAL-001, 409 (see {@link columns}) */
  create(dto: D, actor: User): Promise<R> {
    return this.write(async (manager, repo) => {
      const row = await this.save(repo, repo.create((await this.columns(dto, null, manager)) as E));
      const after = (await this.toResponses([row], manager))[0]!;
      await this.audit.record({ actor, action: 'create', resource: this.resource, recordId: String(row.id), before: null, after }, manager);
      return after;
    });
  }

  /** Replaces a record (audited); archiving is `archived: true`. @throws ApiException 404 REQ-404, 422, 409 */
  update(id: string, dto: D, actor: User): Promise<R> {
    return this.write(async (manager, repo) => {
      const row = await this.find(id, repo, true);
      const before = (await this.toResponses([row], manager))[0]!;
      Object.assign(row, await this.columns(dto, row, manager));
      const saved = await this.save(repo, row);
      const after = (await this.toResponses([saved], manager))[0]!;
      await this.audit.record({ actor, action: 'update', resource: this.resource, recordId: String(row.id), before, after }, manager);
      return after;
    });
  }

  /** Runs `work` in a transaction, then tells the catalogue caches (this process at once, the others by NOTIFY). */
  protected async write<T>(work: (manager: EntityManager, repo: Repository<E>) => Promise<T>): Promise<T> {
    const result = await this.db.transaction((manager) => work(manager, manager.getRepository(this.entity)));
    this.changes.changed(this.table);
    return result;
  }

  /** Saves; a unique violation (a concurrent twin) → 409 CAT-409-taken. */
  protected async save(repo: Repository<E>, row: E): Promise<E> {
    try {
      return await repo.save(row);
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new ApiException(HttpStatus.CONFLICT, 'CAT-409-taken');
      throw error;
    }
  }

  /** The row of `id`, optionally locked for update. @throws ApiException 404 REQ-404 */
  protected async find(id: string, repo: Repository<E>, lock = false): Promise<E> {
    const row = /^\d{1,9}$/.test(id)
      ? await repo.findOne({ where: { id: Number(id) } as never, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) })
      : null;
    if (!row) throw new ApiException(HttpStatus.NOT_FOUND, 'REQ-404');
    return row;
  }
}
