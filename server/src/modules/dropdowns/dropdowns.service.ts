import { HttpStatus, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { ChangeFeedService } from '../../common/cache/change-feed.service.js';
import { MemoCache } from '../../common/cache/memo-cache.js';
import { PrebuiltResponse } from '../../common/http/prebuilt-response.js';
import { ApiException } from '../../common/errors/api.exception.js';
import type { Locale } from '../../common/i18n/i18n.service.js';
import { whereIdIn, type ParsedListQuery } from '../../common/http/simple-rest.js';
import { AuditService } from '../admin/audit.service.js';
import type { User } from '../users/user.entity.js';
import { Dropdown } from './dropdown.entity.js';
import { byLocale, cardYearOptions, DROPDOWN_SEEDS, type DropdownOption, type LocalizedLabel } from './dropdowns.seed-data.js';
import { AdminDropdownResponse, DropdownResponse, type DropdownOptionDto, type UpdateDropdownDto } from './dto/dropdown.dto.js';
import { orderOptions } from './option-order.js';

/** Key of the list computed on every read (spec §3 "Card years … 21 values"). */
const CARD_YEARS = 'cardYears';

/** Option lists (spec §3, §7): seeded once, edited by admins, read by the forms. */
@Injectable()
export class DropdownsService implements OnApplicationBootstrap {
  /**
   * `GET /api/dropdowns` prebuilt, per UTC year (the card years list moves with it) and language
   * (`2026:es`); dropped on any change.
   */
  private readonly cache = new MemoCache<string, PrebuiltResponse>(async (key) => {
    const locale = key.slice(key.indexOf(':') + 1) as Locale;
    const rows = await this.dropdowns.find({ order: { sortOrder: 'ASC', id: 'ASC' } });
    return new PrebuiltResponse(rows.map((row) => this.toResponse(row, locale)));
  });

  constructor(
    @InjectRepository(Dropdown) private readonly dropdowns: Repository<Dropdown>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
    private readonly changes: ChangeFeedService,
  ) {
    changes.subscribe('dropdowns', () => this.cache.clear());
  }

  /**
   * Inserts every seeded list that is missing, then gives the seeded options of existing lists their
   * seeded Spanish and Chinese labels where a label in that language is missing (lists stored before
   * issue 11 had English only; migration 1764130000000 kept it as `label.en`). Matches options by value;
   * never overwrites a label an admin wrote.
   */
  async onApplicationBootstrap(): Promise<void> {
    const seeds = [...DROPDOWN_SEEDS, { key: CARD_YEARS, label: 'Card expiry years', options: [] }];
    await this.dropdowns
      .createQueryBuilder()
      .insert()
      .values(seeds.map((seed, index) => ({ key: seed.key, label: seed.label, options: seed.options, sortOrder: index })))
      .orIgnore()
      .execute();
    await this.db.transaction(async (manager) => {
      const dropdowns = manager.getRepository(Dropdown);
      const rows = await dropdowns.createQueryBuilder('d').setLock('pessimistic_write').getMany();
      for (const row of rows) {
        const seeded = new Map(DROPDOWN_SEEDS.find((seed) => seed.key === row.key)?.options.map((o) => [o.value, o.label]));
        let changed = false;
        const options = row.options.map((option) => {
          const seed = seeded.get(option.value);
          if (!seed) return option;
          const label: LocalizedLabel = { ...byLocale(option.label) };
          for (const locale of ['es', 'zh-CN'] as const) {
            if (!label[locale]?.trim() && seed[locale]) {
              label[locale] = seed[locale];
              changed = true;
            }
          }
          return { value: option.value, label };
        });
        if (changed) await dropdowns.update(row.id, { options });
      }
    });
  }

  /**
   * Every list, in seed order (a list of names in the language's collation order, see `orderOptions`), labels in `locale` (English where that language's label is missing);
   * `cardYears` filled for the current year (UTC). From memory; treat as read-only.
   */
  async list(locale: Locale = 'en'): Promise<DropdownResponse[]> {
    return (await this.listResponse(locale)).value as DropdownResponse[];
  }

  /** {@link list} as a prebuilt answer (compressed forms, strong ETag), held in memory per language until a list changes. */
  listResponse(locale: Locale = 'en'): Promise<PrebuiltResponse> {
    return this.cache.get(`${new Date().getUTCFullYear()}:${locale}`);
  }

  /** Admin list (ra-data-simple-rest): a page and the total. `filter.q` matches key or label. */
  async page(query: ParsedListQuery): Promise<{ rows: AdminDropdownResponse[]; total: number }> {
    const qb = this.dropdowns.createQueryBuilder('d');
    if (typeof query.filter.q === 'string' && query.filter.q) {
      qb.where('(d.key ILIKE :q OR d.label ILIKE :q)', { q: `%${query.filter.q.replace(/[%_\\]/g, '\\$&')}%` });
    }
    whereIdIn(qb, 'd.id', query.filter.id, 'int');
    const column = { id: 'd.id', key: 'd.key', label: 'd.label', updated_at: 'd.updatedAt' }[query.sortField] ?? 'd.id';
    const [rows, total] = await qb.orderBy(column, query.sortOrder).skip(query.skip).take(query.take).getManyAndCount();
    return { rows: rows.map((row) => this.toAdminResponse(row)), total };
  }

  /** One list, every language. @throws ApiException 404 REQ-404 */
  async get(id: number): Promise<AdminDropdownResponse> {
    return this.toAdminResponse(await this.find(id));
  }

  /**
   * Replaces a list's options (and label) and records the change in the audit log, in one transaction.
   * An option label sent as text (the shape before issue 11) sets the English label and keeps the
   * option's Spanish and Chinese labels (same value); sent as `{en, es, zh-CN}` it replaces all three
   * (a language left out or blank is missing).
   * @param actor the admin making the change
   * @throws ApiException 404 REQ-404 unknown id; 422 VAL-001 duplicate values or a computed list
   */
  async update(id: number, dto: UpdateDropdownDto, actor: User | null): Promise<AdminDropdownResponse> {
    const updated = await this.db.transaction(async (manager) => {
      const dropdowns = manager.getRepository(Dropdown);
      const row = await this.find(id, dropdowns);
      const before = AdminDropdownResponse.from(row);
      if (row.key === CARD_YEARS) {
        throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VAL-001', { errors: { options: [{ key: 'errors.DRP-422-computed' }] } });
      }
      const values = dto.options.map((o) => o.value.trim());
      if (new Set(values).size !== values.length) {
        throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VAL-001', { errors: { options: [{ key: 'errors.DRP-422-duplicate' }] } });
      }
      const previous = new Map(row.options.map((o) => [o.value, byLocale(o.label)]));
      row.options = dto.options.map((o) => storedOption(o, previous.get(o.value.trim())));
      if (dto.label) row.label = dto.label.trim();
      const after = this.toAdminResponse(await dropdowns.save(row));
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

  /** A list in `locale`: labels in that language, a list of names in its collation order (issue 27, see {@link orderOptions}). */
  private toResponse(row: Dropdown, locale: Locale): DropdownResponse {
    if (row.key === CARD_YEARS) return DropdownResponse.from({ ...row, options: cardYearOptions(new Date()) }, locale, true);
    const response = DropdownResponse.from(row, locale);
    response.options = orderOptions(row.key, response.options, locale);
    return response;
  }

  private toAdminResponse(row: Dropdown): AdminDropdownResponse {
    if (row.key !== CARD_YEARS) return AdminDropdownResponse.from(row);
    return AdminDropdownResponse.from({ ...row, options: cardYearOptions(new Date()) }, true);
  }
}

/** An option as stored from an admin's input (trimmed; blank languages left out), see {@link DropdownsService.update}. */
function storedOption(input: DropdownOptionDto, previous: LocalizedLabel | undefined): DropdownOption {
  const sent: Partial<LocalizedLabel> = typeof input.label === 'string' ? { ...previous, en: input.label } : input.label;
  const label: LocalizedLabel = { en: sent.en!.trim() };
  for (const locale of ['es', 'zh-CN'] as const) {
    const text = sent[locale]?.trim();
    if (text) label[locale] = text;
  }
  return { value: input.value.trim(), label };
}
