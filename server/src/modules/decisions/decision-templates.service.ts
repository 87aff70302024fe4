import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ApiException } from '../../common/errors/api.exception.js';
import { LOCALES } from '../../common/i18n/i18n.service.js';
import { DECISIONS, type Decision } from '../applications/application.entity.js';
import { AuditService } from '../admin/audit.service.js';
import type { User } from '../users/user.entity.js';
import { DecisionLetterTemplate } from './decision-letter-template.entity.js';
import { DecisionTemplateResponse, type SaveTemplateDto } from './dto/decision.dto.js';
import { MERGE_FIELDS, templateProblems } from './letter-template.js';

const toResponse = (t: DecisionLetterTemplate): DecisionTemplateResponse => ({
  id: `${t.decision}:${t.locale}`,
  decision: t.decision,
  locale: t.locale,
  subject: t.subject,
  body: t.body,
  updatedAt: t.updatedAt.toISOString(),
});

/** The decision letter templates (decision × language), editable by admins, every change audited. */
@Injectable()
export class DecisionTemplatesService {
  constructor(
    @InjectRepository(DecisionLetterTemplate) private readonly templates: Repository<DecisionLetterTemplate>,
    private readonly audit: AuditService,
  ) {}

  /** All nine templates, ordered by decision then language. */
  async list(): Promise<DecisionTemplateResponse[]> {
    const rows = await this.templates.find();
    const order = (t: DecisionLetterTemplate) => DECISIONS.indexOf(t.decision) * 10 + (LOCALES as readonly string[]).indexOf(t.locale);
    return rows.sort((a, b) => order(a) - order(b)).map(toResponse);
  }

  /** One template by `{decision}:{locale}`. @throws ApiException 404 REQ-404 */
  async get(id: string): Promise<DecisionTemplateResponse> {
    return toResponse(await this.find(id));
  }

  /** The stored template of a decision in a language (English when the language has none). */
  async forLetter(decision: Decision, locale: string): Promise<DecisionLetterTemplate> {
    const wanted = (LOCALES as readonly string[]).includes(locale) ? locale : 'en';
    return (
      (await this.templates.findOneBy({ decision, locale: wanted })) ?? (await this.templates.findOneByOrFail({ decision, locale: 'en' }))
    );
  }

  /**
   * Saves a template's subject and body (audited `decision-template`, before and after).
   * @throws ApiException 404 REQ-404 unknown decision or language; 422 VAL-001 when the subject or body uses
   *         a merge field other than {@link MERGE_FIELDS} (or any other Handlebars construct)
   */
  async save(id: string, dto: SaveTemplateDto, actor: User): Promise<DecisionTemplateResponse> {
    const current = await this.find(id);
    const errors: Record<string, { key: string; params: Record<string, unknown> }[]> = {};
    for (const field of ['subject', 'body'] as const) {
      const problems = templateProblems(dto[field]);
      if (problems.length)
        errors[field] = [{ key: 'errors.DEC-422-merge-field', params: { fields: problems.join(', '), allowed: MERGE_FIELDS.join(', ') } }];
    }
    if (Object.keys(errors).length) throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VAL-001', { errors });
    const before = toResponse(current);
    await this.templates.update(
      { decision: current.decision, locale: current.locale },
      { subject: dto.subject, body: dto.body, updatedAt: new Date(), updatedBy: actor.id },
    );
    const after = toResponse(await this.find(id));
    await this.audit.record({ actor, action: 'update', resource: 'decision-templates', recordId: id, before, after });
    return after;
  }

  private async find(id: string): Promise<DecisionLetterTemplate> {
    const [decision, locale] = id.split(':');
    const row =
      (DECISIONS as readonly string[]).includes(decision ?? '') && (LOCALES as readonly string[]).includes(locale ?? '')
        ? await this.templates.findOneBy({ decision: decision as Decision, locale: locale! })
        : null;
    if (!row) throw new ApiException(HttpStatus.NOT_FOUND, 'REQ-404');
    return row;
  }
}
