import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { ApiException, fieldError } from '../../common/errors/api.exception.js';
import { likePattern, whereIdIn, type ParsedListQuery } from '../../common/http/simple-rest.js';
import { AuditService } from '../admin/audit.service.js';
import type { User } from '../users/user.entity.js';
import { toCents } from '../../common/money/money.js';
import { DiscountCode } from './discount-code.entity.js';
import { DiscountCodeResponse, type DiscountCodeDto } from './dto/admin-discount-code.dto.js';

/**
 * Admin management of discount codes (BRIEF contract 6; DESIGN §7): create, update or expire, delete
 * (only codes never used; used codes are expired or deactivated instead, so payments keep their
 * history), with the usage count. Every change is audited.
 */
@Injectable()
export class AdminDiscountCodesService {
  constructor(
    @InjectRepository(DiscountCode) private readonly codes: Repository<DiscountCode>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {}

  /** A page. Filters: `q` (part of the code or description), `kind`, `active`, `appliesTo` (a payment purpose), `id` (list). */
  async page(query: ParsedListQuery): Promise<{ rows: DiscountCodeResponse[]; total: number }> {
    const f = query.filter;
    const qb = this.codes.createQueryBuilder('d');
    if (typeof f.q === 'string' && f.q.trim()) qb.andWhere('(d.code ILIKE :q OR d.description ILIKE :q)', { q: likePattern(f.q.trim()) });
    if (typeof f.kind === 'string') qb.andWhere('d.kind = :kind', { kind: f.kind });
    if (typeof f.active === 'boolean') qb.andWhere('d.active = :active', { active: f.active });
    if (typeof f.appliesTo === 'string') qb.andWhere('d.appliesTo = :appliesTo', { appliesTo: f.appliesTo });
    whereIdIn(qb, 'd.id', f.id, 'uuid');
    const column =
      {
        id: 'd.id',
        code: 'd.code',
        kind: 'd.kind',
        value: 'd.valueHundredths',
        expiresAt: 'd.expiresAt',
        usageCount: 'd.usageCount',
        createdAt: 'd.createdAt',
      }[query.sortField] ?? 'd.createdAt';
    const [rows, total] = await qb
      .orderBy(column, query.sortOrder)
      .addOrderBy('d.id', 'ASC')
      .skip(query.skip)
      .take(query.take)
      .getManyAndCount();
    return { rows: rows.map((row) => DiscountCodeResponse.from(row)), total };
  }

  /** One code. @throws ApiException 404 REQ-404 */
  async get(id: string): Promise<DiscountCodeResponse> {
    return DiscountCodeResponse.from(await this.find(id));
  }

  /**
   * Creates a code; the code and its audit entry are written in one transaction.
   * @throws ApiException 422 VAL-001 for a taken code or a percentage over 100
   */
  create(dto: DiscountCodeDto, actor: User): Promise<DiscountCodeResponse> {
    const columns = this.columns(dto);
    return this.db.transaction(async (manager) => {
      const codes = manager.getRepository(DiscountCode);
      const after = DiscountCodeResponse.from(
        await this.save(codes, codes.create({ appliesTo: 'application_fee', ...columns, usageCount: 0, active: dto.active ?? true })),
      );
      await this.audit.record({ actor, action: 'create', resource: 'discount-codes', recordId: after.id, before: null, after }, manager);
      return after;
    });
  }

  /**
   * Updates (or expires) a code, with its audit entry in the same transaction; the usage count is never
   * set by hand. @throws ApiException 404, 422
   */
  update(id: string, dto: DiscountCodeDto, actor: User): Promise<DiscountCodeResponse> {
    return this.db.transaction(async (manager) => {
      const codes = manager.getRepository(DiscountCode);
      const row = await this.find(id, codes);
      const before = DiscountCodeResponse.from(row);
      Object.assign(row, this.columns(dto));
      if (dto.active !== undefined) row.active = dto.active;
      const after = DiscountCodeResponse.from(await this.save(codes, row));
      await this.audit.record({ actor, action: 'update', resource: 'discount-codes', recordId: id, before, after }, manager);
      return after;
    });
  }

  /**
   * Deletes a code never used, with its audit entry in the same transaction.
   * @throws ApiException 404; 409 DSC-409 when it has been used
   */
  remove(id: string, actor: User): Promise<DiscountCodeResponse> {
    return this.db.transaction(async (manager) => {
      const codes = manager.getRepository(DiscountCode);
      const row = await this.find(id, codes);
      const before = DiscountCodeResponse.from(row);
      const [{ n }] = (await manager.query(`SELECT count(*)::int AS n FROM payments WHERE discount_code_id = $1`, [id])) as {
        n: number;
      }[];
      if (row.usageCount > 0 || n > 0)
        throw new ApiException(HttpStatus.CONFLICT, 'DSC-409', { messageKey: 'errors.DSC-409-used', data: before });
      await codes.delete(id);
      await this.audit.record({ actor, action: 'delete', resource: 'discount-codes', recordId: id, before, after: null }, manager);
      return before;
    });
  }

  private columns(dto: DiscountCodeDto): Partial<DiscountCode> {
    const value = dto.kind === 'waiver' ? 0 : (dto.value ?? 0);
    if (dto.kind === 'percent' && value > 100) throw fieldError('value', 'errors.DSC-422-percent');
    return {
      code: dto.code.toUpperCase(),
      kind: dto.kind,
      valueHundredths: toCents(value),
      ...(dto.appliesTo !== undefined ? { appliesTo: dto.appliesTo } : {}),
      ...(dto.description !== undefined ? { description: dto.description?.trim() || null } : {}),
      ...(dto.expiresAt !== undefined ? { expiresAt: dto.expiresAt ? new Date(dto.expiresAt) : null } : {}),
      ...(dto.maxUses !== undefined ? { maxUses: dto.maxUses } : {}),
    };
  }

  private async save(codes: Repository<DiscountCode>, row: DiscountCode): Promise<DiscountCode> {
    try {
      return await codes.save(row);
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw fieldError('code', 'errors.DSC-422-taken');
      throw error;
    }
  }

  private async find(id: string, codes = this.codes): Promise<DiscountCode> {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await codes.findOne({ where: { id } }) : null;
    if (!row) throw new ApiException(HttpStatus.NOT_FOUND, 'REQ-404');
    return row;
  }
}
