import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { IsNull, type DataSource, type Repository } from 'typeorm';
import { ApiException } from '../../../common/errors/api.exception.js';
import { whereIdIn, type ParsedListQuery } from '../../../common/http/simple-rest.js';
import { AuditService } from '../../admin/audit.service.js';
import type { User } from '../../users/user.entity.js';
import { ApplicationDeadline } from './application-deadline.entity.js';
import { DeadlineResponse, type DeadlineDto } from './dto/admin-deadline.dto.js';

/**
 * Admin management of application deadlines (issue 15): list, create, replace, delete. Every change and
 * its audit entry are written in one transaction. A second row for the same (semester, field of
 * interest) is refused with 409 DDL-409 (`data` = the existing row).
 */
@Injectable()
export class AdminDeadlinesService {
  constructor(
    @InjectRepository(ApplicationDeadline) private readonly deadlines: Repository<ApplicationDeadline>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {}

  /** A page. Filters: `semester`, `fieldOfInterest` (`null`: semester-wide rows), `id` (list). */
  async page(query: ParsedListQuery): Promise<{ rows: DeadlineResponse[]; total: number }> {
    const f = query.filter;
    const qb = this.deadlines.createQueryBuilder('d');
    if (typeof f.semester === 'string') qb.andWhere('d.semester = :semester', { semester: f.semester });
    if (f.fieldOfInterest === null) qb.andWhere('d.fieldOfInterest IS NULL');
    else if (typeof f.fieldOfInterest === 'string') qb.andWhere('d.fieldOfInterest = :field', { field: f.fieldOfInterest });
    whereIdIn(qb, 'd.id', f.id, 'int');
    const column =
      { id: 'd.id', semester: 'd.semester', fieldOfInterest: 'd.fieldOfInterest', deadlineAt: 'd.deadlineAt' }[query.sortField] ??
      'd.deadlineAt';
    const [rows, total] = await qb
      .orderBy(column, query.sortOrder)
      .addOrderBy('d.id', 'ASC')
      .skip(query.skip)
      .take(query.take)
      .getManyAndCount();
    return { rows: rows.map((row) => DeadlineResponse.from(row)), total };
  }

  /** One deadline. @throws ApiException 404 REQ-404 */
  async get(id: string): Promise<DeadlineResponse> {
    return DeadlineResponse.from(await this.find(id));
  }

  /** Creates a deadline (audited). @throws ApiException 409 DDL-409 for a taken (semester, field) pair */
  create(dto: DeadlineDto, actor: User): Promise<DeadlineResponse> {
    return this.db.transaction(async (manager) => {
      const repo = manager.getRepository(ApplicationDeadline);
      const after = DeadlineResponse.from(await this.save(repo, repo.create(this.columns(dto))));
      await this.audit.record({ actor, action: 'create', resource: 'deadlines', recordId: String(after.id), before: null, after }, manager);
      return after;
    });
  }

  /** Replaces a deadline (audited). @throws ApiException 404 REQ-404; 409 DDL-409 */
  update(id: string, dto: DeadlineDto, actor: User): Promise<DeadlineResponse> {
    return this.db.transaction(async (manager) => {
      const repo = manager.getRepository(ApplicationDeadline);
      const row = await this.find(id, repo);
      const before = DeadlineResponse.from(row);
      Object.assign(row, this.columns(dto));
      const after = DeadlineResponse.from(await this.save(repo, row));
      await this.audit.record({ actor, action: 'update', resource: 'deadlines', recordId: String(row.id), before, after }, manager);
      return after;
    });
  }

  /** Deletes a deadline (audited). @throws ApiException 404 REQ-404 */
  remove(id: string, actor: User): Promise<DeadlineResponse> {
    return this.db.transaction(async (manager) => {
      const repo = manager.getRepository(ApplicationDeadline);
      const row = await this.find(id, repo);
      const before = DeadlineResponse.from(row);
      await repo.delete(row.id);
      await this.audit.record({ actor, action: 'delete', resource: 'deadlines', recordId: String(row.id), before, after: null }, manager);
      return before;
    });
  }

  private columns(dto: DeadlineDto): Partial<ApplicationDeadline> {
    return { semester: dto.semester, fieldOfInterest: dto.fieldOfInterest ?? null, deadlineAt: new Date(dto.deadlineAt) };
  }

  /** Saves `row`; a (semester, field) pair held by another row → 409 DDL-409 with `data` = that row. */
  private async save(repo: Repository<ApplicationDeadline>, row: ApplicationDeadline): Promise<ApplicationDeadline> {
    const field = row.fieldOfInterest === null ? IsNull() : row.fieldOfInterest;
    const existing = await repo.findOne({ where: { semester: row.semester, fieldOfInterest: field } });
    if (existing && existing.id !== row.id)
      throw new ApiException(HttpStatus.CONFLICT, 'DDL-409', { messageKey: 'errors.DDL-409', data: DeadlineResponse.from(existing) });
    try {
      return await repo.save(row);
    } catch (error) {
      // a concurrent insert of the same pair
      if ((error as { code?: string }).code === '23505')
        throw new ApiException(HttpStatus.CONFLICT, 'DDL-409', { messageKey: 'errors.DDL-409' });
      throw error;
    }
  }

  private async find(id: string, repo = this.deadlines): Promise<ApplicationDeadline> {
    const row = /^\d{1,9}$/.test(id) ? await repo.findOne({ where: { id: Number(id) } }) : null;
    if (!row) throw new ApiException(HttpStatus.NOT_FOUND, 'REQ-404');
    return row;
  }
}
