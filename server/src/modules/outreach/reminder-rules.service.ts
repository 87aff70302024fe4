import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import { ApiException, fieldError } from '../../common/errors/api.exception.js';
import { whereIdIn, type ParsedListQuery } from '../../common/http/simple-rest.js';
import { AuditService } from '../admin/audit.service.js';
import type { User } from '../users/user.entity.js';
import { ReminderRuleResponse, type ReminderRuleDto } from './dto/reminder-rule.dto.js';
import { MessageTemplate } from './message-template.entity.js';
import { OutreachRule, RULE_KINDS } from './outreach-rule.entity.js';

/**
 * The automatic reminder rules the office switches on and tunes (issue 30 item 3; docs/api.md "Campaigns and
 * reminders"): one per kind (seeded off by migration 1764230000000), never created or deleted; each change
 * audited (resource `reminder-rules`). `ReminderEngineService` runs them.
 */
@Injectable()
export class ReminderRulesService {
  constructor(
    @InjectRepository(OutreachRule) private readonly rules: Repository<OutreachRule>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {}

  /** A page of rules. Filters: `enabled` (boolean), `kind`, `id` (list). */
  async page(query: ParsedListQuery): Promise<{ rows: ReminderRuleResponse[]; total: number }> {
    const f = query.filter;
    const qb = this.rules.createQueryBuilder('r');
    if (typeof f.enabled === 'boolean') qb.andWhere('r.enabled = :enabled', { enabled: f.enabled });
    if (typeof f.kind === 'string') {
      if (!(RULE_KINDS as readonly string[]).includes(f.kind)) throw new ApiException(HttpStatus.BAD_REQUEST, 'REQ-400');
      qb.andWhere('r.kind = :kind', { kind: f.kind });
    }
    whereIdIn(qb, 'r.id', f.id, 'uuid');
    // kind order is the order of RULE_KINDS (the life of an application), not the alphabet
    const column =
      { enabled: 'r.enabled', days: 'r.days', weeklyCap: 'r.weeklyCap', updatedAt: 'r.updatedAt' }[query.sortField] ??
      `array_position(ARRAY[${RULE_KINDS.map((k) => `'${k}'`).join(', ')}]::text[], r.kind)`;
    const [rows, total] = await qb
      .orderBy(column, query.sortOrder)
      .addOrderBy('r.id', 'ASC')
      .skip(query.skip)
      .take(query.take)
      .getManyAndCount();
    return { rows: rows.map((row) => ReminderRuleResponse.from(row)), total };
  }

  /** One rule. @throws ApiException 404 REQ-404 */
  async get(id: string): Promise<ReminderRuleResponse> {
    return ReminderRuleResponse.from(await this.find(id));
  }

  /**
   * Changes a rule: on/off, N days, template, weekly cap (audited `update`, before and after).
   * @throws ApiException 404 REQ-404; 422 VAL-001 on `templateId` (`OUT-422-unknown`) for a template that does not exist
   */
  update(id: string, dto: ReminderRuleDto, actor: User): Promise<ReminderRuleResponse> {
    return this.db.transaction(async (manager) => {
      const repository = manager.getRepository(OutreachRule);
      const row = await this.find(id, repository);
      await this.checkTemplate(dto.templateId, manager);
      const before = ReminderRuleResponse.from(row);
      Object.assign(row, {
        enabled: dto.enabled,
        days: dto.days,
        templateId: dto.templateId,
        weeklyCap: dto.weeklyCap,
        updatedBy: actor.id,
      });
      const after = ReminderRuleResponse.from(await repository.save(row));
      await this.audit.record({ actor, action: 'update', resource: 'reminder-rules', recordId: id, before, after }, manager);
      return after;
    });
  }

  private async checkTemplate(templateId: string, manager: EntityManager): Promise<void> {
    if (!(await manager.getRepository(MessageTemplate).existsBy({ id: templateId })))
      throw fieldError('templateId', 'errors.OUT-422-unknown');
  }

  private async find(id: string, repository = this.rules): Promise<OutreachRule> {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await repository.findOneBy({ id }) : null;
    if (!row) throw new ApiException(HttpStatus.NOT_FOUND, 'REQ-404');
    return row;
  }
}
