import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ApiException } from '../../common/errors/api.exception.js';
import { AuditService } from '../admin/audit.service.js';
import type { User } from '../users/user.entity.js';
import type { CreateReviewCriterionDto, UpdateReviewCriterionDto } from './dto/review-criterion.dto.js';
import { ReviewCriterionResponse } from './dto/review-criterion.dto.js';
import { ReviewCriterion } from './review-criterion.entity.js';

/** The configurable review criteria (issue 15 item 2): listed to readers, edited by admins (audited). */
@Injectable()
export class ReviewCriteriaService {
  constructor(
    @InjectRepository(ReviewCriterion) private readonly criteria: Repository<ReviewCriterion>,
    private readonly audit: AuditService,
  ) {}

  /** Every criterion (active first), in display order. */
  async list(): Promise<ReviewCriterionResponse[]> {
    const rows = await this.criteria.find({ order: { active: 'DESC', position: 'ASC', id: 'ASC' } });
    return rows.map(ReviewCriterionResponse.from);
  }

  /** The active criteria, in display order. */
  active(): Promise<ReviewCriterion[]> {
    return this.criteria.find({ where: { active: true }, order: { position: 'ASC', id: 'ASC' } });
  }

  /** One criterion. @throws ApiException 404 REQ-404 */
  async get(id: string): Promise<ReviewCriterionResponse> {
    return ReviewCriterionResponse.from(await this.find(id));
  }

  /** Adds a criterion, last by default (audited). */
  async create(dto: CreateReviewCriterionDto, actor: User): Promise<ReviewCriterionResponse> {
    const last = await this.criteria.maximum('position');
    const saved = await this.criteria.save(
      this.criteria.create({
        labelEn: dto.labelEn.trim(),
        labelEs: dto.labelEs.trim(),
        labelZhCn: dto.labelZhCn.trim(),
        position: dto.position ?? (last ?? 0) + 1,
        active: dto.active ?? true,
      }),
    );
    const after = ReviewCriterionResponse.from(saved);
    await this.audit.record({ actor, action: 'create', resource: 'review-criteria', recordId: saved.id, before: null, after });
    return after;
  }

  /** Changes labels, order or `active` (archiving keeps old ratings; audited). @throws ApiException 404 REQ-404 */
  async update(id: string, dto: UpdateReviewCriterionDto, actor: User): Promise<ReviewCriterionResponse> {
    const row = await this.find(id);
    const before = ReviewCriterionResponse.from(row);
    if (dto.labelEn !== undefined) row.labelEn = dto.labelEn.trim();
    if (dto.labelEs !== undefined) row.labelEs = dto.labelEs.trim();
    if (dto.labelZhCn !== undefined) row.labelZhCn = dto.labelZhCn.trim();
    if (dto.position !== undefined) row.position = dto.position;
    if (dto.active !== undefined) row.active = dto.active;
    const after = ReviewCriterionResponse.from(await this.criteria.save(row));
    await this.audit.record({ actor, action: 'update', resource: 'review-criteria', recordId: row.id, before, after });
    return after;
  }

  private async find(id: string): Promise<ReviewCriterion> {
    const row = /^\d{1,9}$/.test(id) ? await this.criteria.findOne({ where: { id: Number(id) } }) : null;
    if (!row) throw new ApiException(HttpStatus.NOT_FOUND, 'REQ-404');
    return row;
  }
}
