import { HttpStatus, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { ChangeFeedService } from '../../common/cache/change-feed.service.js';
import { MemoCache } from '../../common/cache/memo-cache.js';
import { PrebuiltResponse } from '../../common/http/prebuilt-response.js';
import { ApiException } from '../../common/errors/api.exception.js';
import { whereIdIn, type ParsedListQuery } from '../../common/http/simple-rest.js';
import { AuditService } from '../admin/audit.service.js';
import type { User } from '../users/user.entity.js';
import { Dropdown } from './dropdown.entity.js';
import { cardYearOptions, DROPDOWN_SEEDS } from './dropdowns.seed-data.js';
import { DropdownResponse, type UpdateDropdownDto } from './dto/dropdown.dto.js';

/** Key of the list computed on every read (spec §3 "Card years … 21 values"). */
const CARD_YEARS = 'cardYears';

/** Option lists (spec §3, §7): seeded once, edited by admins, read by the forms. */
@Injectable()
export class DropdownsService implements OnApplicationBootstrap {
  /** `GET /api/dropdowns` prebuilt, per UTC year (the card years list moves with it); dropped on any change. */
  private readonly cache = new MemoCache<number, PrebuiltResponse>(async () => {
    const rows = await this.dropdowns.find({ order: { sortOrder: 'ASC', id: 'ASC' } });
    return new PrebuiltResponse(rows.map((row) => this.toResponse(row)));
  });

  constructor(
    @InjectRepository(Dropdown) private readonly dropdowns: Repository<Dropdown>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
    private readonly changes: ChangeFeedService,
  ) {
    changes.subscribe('dropdowns', () => this.cache.clear());
  }

  /** Inserts every seeded list that is missing; never overwrites an admin's edits. */
  async onApplicationBootstrap(): Promise<void> {
    const seeds = [...DROPDOWN_SEEDS, { key: CARD_YEARS, label: 'Card expiry years', options: [] }];
    await this.dropdowns
      .createQueryBuilder()
      .insert()
      .values(seeds.map((seed, index) => ({ key: seed.key, label: seed.label, options: seed.options, sortOrder: index })))
      .orIgnore()
      .execute();
  }

  /** Every list, in seed order; `cardYears` filled for the current year (UTC). From memory; treat as read-only. */
  async list(): Promise<DropdownResponse[]> {
    return (await this.listResponse()).value as DropdownResponse[];
  }

  /** {@link list} as a prebuilt answer (compressed forms, strong ETag), held in memory until a list changes. */
  listResponse(): Promise<PrebuiltResponse> {
    return this.cache.get(new Date().getUTCFullYear());
  }

  /** Admin list (ra-data-simple-rest): a page and the total. `filter.q` matches key or label. */
  async page(query: ParsedListQuery): Promise<{ rows: DropdownResponse[]; total: number }> {
    const qb = this.dropdowns.createQueryBuilder('d');
    if (typeof query.filter.q === 'string' && query.filter.q) {
      qb.where('(d.key ILIKE :q OR d.label ILIKE :q)', { q: `%${query.filter.q.replace(/[%_\\]/g, '\\$&')}%` });
    }
    whereIdIn(qb, 'd.id', query.filter.id, 'int');
    const column = { id: 'd.id', key: 'd.key', label: 'd.label', updated_at: 'd.updatedAt' }[query.sortField] ?? 'd.id';
    const [rows, total] = await qb.orderBy(column, query.sortOrder).skip(query.skip).take(query.take).getManyAndCount();
    return { rows: rows.map((row) => this.toResponse(row)), total };
  }

  /** One list. @throws ApiException 404 REQ-404 */
  async get(id: number): Promise<DropdownResponse> {
    return this.toResponse(await this.find(id));
  }

  /**
   * Replaces a list's options (and label) and records the change in the audit log, in one transaction.
   * @param actor the admin making the change
   * @throws ApiException 404 REQ-404 unknown id; 422 VAL-001 duplicate values or a computed list
   */
  async update(id: number, dto: UpdateDropdownDto, actor: User | null): Promise<DropdownResponse> {
    const updated = await this.db.transaction(async (manager) => {
      const dropdowns = manager.getRepository(Dropdown);
      const row = await this.find(id, dropdowns);
      const before = DropdownResponse.from(row);
      if (row.key === CARD_YEARS) {
        throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VAL-001', { errors: { options: [{ key: 'errors.DRP-422-computed' }] } });
      }
      const values = dto.options.map((o) => o.value.trim());
      if (new Set(values).size !== values.length) {
        throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VAL-001', { errors: { options: [{ key: 'errors.DRP-422-duplicate' }] } });
      }
      row.options = dto.options.map((o) => ({ value: o.value.trim(), label: o.label.trim() }));
      if (dto.label) row.label = dto.label.trim();
      const after = this.toResponse(await dropdowns.save(row));
      await this.audit.record({ actor, action: 'update', resource: 'dropdowns', recordId: id, before, after }, manager);
      return after;
    });
    this.changes.changed('dropdowns');
    return updated;
  }

  private async find(id: number, dropdowns = this.dropdowns): Promise<Dropdown> {
    const row = await dropdowns.findOne({ where: { id } });
    if (!row) throw new ApiException(HttpStatus.NOT_FOUND, 'REQ-404');
    return row;
  }

  private toResponse(row: Dropdown): DropdownResponse {
    if (row.key !== CARD_YEARS) return DropdownResponse.from(row);
    return DropdownResponse.from({ ...row, options: cardYearOptions(new Date()) }, true);
  }
}
