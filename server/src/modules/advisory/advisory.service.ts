import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import { ChangeFeedService } from '../../common/cache/change-feed.service.js';
import { MemoCache } from '../../common/cache/memo-cache.js';
import { PrebuiltResponse, REVALIDATE_CACHE_CONTROL } from '../../common/http/prebuilt-response.js';
import { ApiException } from '../../common/errors/api.exception.js';
import type { Locale } from '../../common/i18n/i18n.service.js';
import { whereIdIn, type ParsedListQuery } from '../../common/http/simple-rest.js';
import { AuditService } from '../admin/audit.service.js';
import type { User } from '../users/user.entity.js';
import { AdvisoryLine } from './advisory-line.entity.js';
import { AdvisoryBannerLine, AdvisoryLineResponse, type AdvisoryLineDto } from './dto/advisory.dto.js';

/**
 * The advisory banner's lines (spec §1): edited by admins in en / es / zh-CN (audited), shown by the
 * applicant-ui main layout through `GET /api/advisory`. Seeded by migration with the spec's one line.
 */
@Injectable()
export class AdvisoryService {
  /**
   * The active lines in banner order, held in memory until the table changes (lines past `showUntil`
   * are skipped at each use), with the prebuilt `GET /api/advisory` answers per locale and visible set.
   */
  private readonly cache = new MemoCache<'active', { rows: AdvisoryLine[]; answers: Map<string, PrebuiltResponse> }>(async () => ({
    rows: await this.lines.createQueryBuilder('l').where('l.active').orderBy('l.sort_order', 'ASC').addOrderBy('l.id', 'ASC').getMany(),
    answers: new Map(),
  }));

  constructor(
    @InjectRepository(AdvisoryLine) private readonly lines: Repository<AdvisoryLine>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
    private readonly changes: ChangeFeedService,
  ) {
    changes.subscribe('advisory_lines', () => this.cache.clear());
  }

  /** The lines to show now (active, not past `showUntil`), in order, with the text in `locale`. From memory. */
  async banner(locale: Locale, now = new Date()): Promise<AdvisoryBannerLine[]> {
    return ((await this.bannerResponse(locale, now)).value as { data: AdvisoryBannerLine[] }).data;
  }

  /** `{ success: true, data: banner }` as a prebuilt answer (strong ETag; varies with Accept-Language). */
  async bannerResponse(locale: Locale, now = new Date()): Promise<PrebuiltResponse> {
    const cached = await this.cache.get('active');
    const rows = cached.rows.filter((row) => row.showUntil === null || row.showUntil > now);
    const key = `${locale}:${rows.map((row) => row.id).join(',')}`;
    let answer = cached.answers.get(key);
    if (!answer) {
      const data = rows.map((row) => {
        const texts = { en: row.textEn, es: row.textEs, 'zh-CN': row.textZhCn };
        return { id: row.id, text: texts[locale], texts };
      });
      answer = new PrebuiltResponse({ success: true, data }, REVALIDATE_CACHE_CONTROL);
      cached.answers.set(key, answer);
    }
    return answer;
  }

  /** Admin list page. Filters: `q` (any language), `active`. */
  async page(query: ParsedListQuery): Promise<{ rows: AdvisoryLineResponse[]; total: number }> {
    const qb = this.lines.createQueryBuilder('l');
    const f = query.filter;
    if (typeof f.q === 'string' && f.q) {
      qb.andWhere('(l.text_en ILIKE :q OR l.text_es ILIKE :q OR l.text_zh_cn ILIKE :q)', { q: `%${f.q.replace(/[%_\\]/g, '\\$&')}%` });
    }
    if (typeof f.active === 'boolean') qb.andWhere('l.active = :active', { active: f.active });
    whereIdIn(qb, 'l.id', f.id, 'int');
    const column =
      { id: 'l.id', sortOrder: 'l.sortOrder', updatedAt: 'l.updatedAt', showUntil: 'l.showUntil' }[query.sortField] ?? 'l.sortOrder';
    const [rows, total] = await qb
      .orderBy(column, query.sortOrder)
      .addOrderBy('l.id', 'ASC')
      .skip(query.skip)
      .take(query.take)
      .getManyAndCount();
    return { rows: rows.map(AdvisoryLineResponse.from), total };
  }

  /** One line. @throws ApiException 404 REQ-404 */
  async get(id: number): Promise<AdvisoryLineResponse> {
    return AdvisoryLineResponse.from(await this.find(id));
  }

  /** Adds a line; the line and its audit entry are written in one transaction. */
  create(dto: AdvisoryLineDto, actor: User): Promise<AdvisoryLineResponse> {
    return this.written(async (manager) => {
      const lines = manager.getRepository(AdvisoryLine);
      const row = await lines.save(lines.create({ ...this.columns(dto), active: dto.active ?? true, sortOrder: dto.sortOrder ?? 0 }));
      const after = AdvisoryLineResponse.from(row);
      await this.audit.record({ actor, action: 'create', resource: 'advisory-lines', recordId: row.id, before: null, after }, manager);
      return after;
    });
  }

  /** Replaces a line; the change and its audit entry in one transaction. @throws ApiException 404 REQ-404 */
  update(id: number, dto: AdvisoryLineDto, actor: User): Promise<AdvisoryLineResponse> {
    return this.written(async (manager) => {
      const lines = manager.getRepository(AdvisoryLine);
      const row = await this.find(id, lines);
      const before = AdvisoryLineResponse.from(row);
      Object.assign(row, this.columns(dto));
      if (dto.active !== undefined) row.active = dto.active;
      if (dto.sortOrder !== undefined) row.sortOrder = dto.sortOrder;
      const after = AdvisoryLineResponse.from(await lines.save(row));
      await this.audit.record({ actor, action: 'update', resource: 'advisory-lines', recordId: id, before, after }, manager);
      return after;
    });
  }

  /** Deletes a line and writes its audit entry in one transaction; answers it as it was. @throws ApiException 404 REQ-404 */
  remove(id: number, actor: User): Promise<AdvisoryLineResponse> {
    return this.written(async (manager) => {
      const lines = manager.getRepository(AdvisoryLine);
      const before = AdvisoryLineResponse.from(await this.find(id, lines));
      await lines.delete(id);
      await this.audit.record({ actor, action: 'delete', resource: 'advisory-lines', recordId: id, before, after: null }, manager);
      return before;
    });
  }

  /** Runs `work` in a transaction, then drops this process's cached lines (other replicas hear the NOTIFY). */
  private async written<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.db.transaction(work);
    this.changes.changed('advisory_lines');
    return result;
  }

  private columns(dto: AdvisoryLineDto) {
    return {
      textEn: dto.textEn.trim(),
      textEs: dto.textEs.trim(),
      textZhCn: dto.textZhCn.trim(),
      ...(dto.showUntil !== undefined ? { showUntil: dto.showUntil ? new Date(dto.showUntil) : null } : {}),
    };
  }

  private async find(id: number, lines = this.lines): Promise<AdvisoryLine> {
    const row = await lines.findOne({ where: { id } });
    if (!row) throw new ApiException(HttpStatus.NOT_FOUND, 'REQ-404');
    return row;
  }
}
