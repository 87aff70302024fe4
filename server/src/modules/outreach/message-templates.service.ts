import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { ApiException, fieldError, type FieldErrorMessage } from '../../common/errors/api.exception.js';
import { LOCALES, type Locale } from '../../common/i18n/i18n.service.js';
import { likePattern, whereIdIn, type ParsedListQuery } from '../../common/http/simple-rest.js';
import { AuditService } from '../admin/audit.service.js';
import { Application } from '../applications/application.entity.js';
import type { User } from '../users/user.entity.js';
import {
  MessageTemplateResponse,
  type MessageTemplateDto,
  type RenderedMessageResponse,
  type TemplatePreviewDto,
} from './dto/message-template.dto.js';
import type { OutreachMessageResponse } from './dto/outreach-message.dto.js';
import { MessageRendererService } from './message-renderer.service.js';
import { MessageTemplate, type LocalizedMessage } from './message-template.entity.js';
import { MESSAGE_VARIABLES, messageTemplateProblems } from './message-variables.js';
import { OutreachMailerService } from './outreach-mailer.service.js';
import { OutreachMessagesService } from './outreach-messages.service.js';

/**
 * Message templates (issue 30 item 2; docs/api.md "Outreach"): per language (en, es, zh-CN, each required),
 * transactional or marketing, checked against the variables' allow-list when saved; a preview for any
 * application; a test send to the calling admin's own address through the one send path. Every change audited
 * (resource `message-templates`).
 */
@Injectable()
export class MessageTemplatesService {
  constructor(
    @InjectRepository(MessageTemplate) private readonly templates: Repository<MessageTemplate>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
    private readonly renderer: MessageRendererService,
    private readonly mailer: OutreachMailerService,
    private readonly messages: OutreachMessagesService,
  ) {}

  /** A page. Filters: `q` (part of the key or name), `kind`, `id` (list). */
  async page(query: ParsedListQuery): Promise<{ rows: MessageTemplateResponse[]; total: number }> {
    const f = query.filter;
    const qb = this.templates.createQueryBuilder('t');
    if (typeof f.q === 'string' && f.q.trim()) qb.andWhere('(t.key ILIKE :q OR t.name ILIKE :q)', { q: likePattern(f.q.trim()) });
    if (typeof f.kind === 'string') qb.andWhere('t.kind = :kind', { kind: f.kind });
    whereIdIn(qb, 't.id', f.id, 'uuid');
    const column =
      { id: 't.id', key: 't.key', name: 't.name', kind: 't.kind', createdAt: 't.createdAt', updatedAt: 't.updatedAt' }[query.sortField] ??
      't.updatedAt';
    const [rows, total] = await qb
      .orderBy(column, query.sortOrder)
      .addOrderBy('t.id', 'ASC')
      .skip(query.skip)
      .take(query.take)
      .getManyAndCount();
    return { rows: rows.map((row) => MessageTemplateResponse.from(row)), total };
  }

  /** One template. @throws ApiException 404 REQ-404 */
  async get(id: string): Promise<MessageTemplateResponse> {
    return MessageTemplateResponse.from(await this.find(id));
  }

  /**
   * Creates a template (audited `create`).
   * @throws ApiException 422 VAL-001: a variable outside the allow-list or another Handlebars construct
   *         (`content.<locale>.subject|body`), or a key already taken (`key`)
   */
  create(dto: MessageTemplateDto, actor: User): Promise<MessageTemplateResponse> {
    const content = this.checkedContent(dto);
    return this.db.transaction(async (manager) => {
      const repository = manager.getRepository(MessageTemplate);
      const row = await this.save(
        repository,
        repository.create({ key: dto.key, name: dto.name.trim(), kind: dto.kind, content, createdBy: actor.id, updatedBy: actor.id }),
      );
      const after = MessageTemplateResponse.from(row);
      await this.audit.record({ actor, action: 'create', resource: 'message-templates', recordId: row.id, before: null, after }, manager);
      return after;
    });
  }

  /** Changes a template (audited `update`, before and after). @throws ApiException 404, 422 as {@link create} */
  update(id: string, dto: MessageTemplateDto, actor: User): Promise<MessageTemplateResponse> {
    const content = this.checkedContent(dto);
    return this.db.transaction(async (manager) => {
      const repository = manager.getRepository(MessageTemplate);
      const row = await this.find(id, repository);
      const before = MessageTemplateResponse.from(row);
      Object.assign(row, { key: dto.key, name: dto.name.trim(), kind: dto.kind, content, updatedBy: actor.id });
      const after = MessageTemplateResponse.from(await this.save(repository, row));
      await this.audit.record({ actor, action: 'update', resource: 'message-templates', recordId: id, before, after }, manager);
      return after;
    });
  }

  /**
   * Deletes a template never used for a message (audited `delete`).
   * @throws ApiException 404 REQ-404; 409 OUT-409-used once a message was made from it (the delivery log keeps it)
   */
  remove(id: string, actor: User): Promise<MessageTemplateResponse> {
    return this.db.transaction(async (manager) => {
      const repository = manager.getRepository(MessageTemplate);
      const before = MessageTemplateResponse.from(await this.find(id, repository));
      const [used] = (await manager.query(`SELECT 1 FROM outreach_messages WHERE template_id = $1 LIMIT 1`, [id])) as unknown[];
      if (used) throw new ApiException(HttpStatus.CONFLICT, 'OUT-409-used', { data: before });
      // a reminder rule's or a campaign's template (issue 30 items 3, 4): 409, never the foreign key's 500
      const [inUse] = (await manager.query(
        `SELECT 1 FROM outreach_rules WHERE template_id = $1 UNION ALL SELECT 1 FROM outreach_campaigns WHERE template_id = $1 LIMIT 1`,
        [id],
      )) as unknown[];
      if (inUse) throw new ApiException(HttpStatus.CONFLICT, 'OUT-409-in-use', { data: before });
      await repository.delete(id);
      await this.audit.record({ actor, action: 'delete', resource: 'message-templates', recordId: id, before, after: null }, manager);
      return before;
    });
  }

  /**
   * The template rendered for an application, exactly as it would be sent, with example links (no token is
   * issued). @throws ApiException 404 REQ-404 unknown template; 404 APP-404 unknown application
   */
  async preview(id: string, dto: TemplatePreviewDto): Promise<RenderedMessageResponse> {
    const template = await this.find(id);
    const app = await this.db.getRepository(Application).findOneBy({ id: dto.applicationId });
    if (!app) throw new ApiException(HttpStatus.NOT_FOUND, 'APP-404');
    const message = await this.renderer.render(app, template, { locale: dto.locale, links: 'example' });
    return {
      templateId: template.id,
      applicationId: app.id,
      kind: template.kind,
      locale: message.locale,
      to: app.email,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
    };
  }

  /**
   * Sends the template, rendered for an application, to the calling admin's own address through the one send
   * path (source `test`: example links; a marketing message carries its List-Unsubscribe headers; the
   * admin's own opt-out is not applied, a suppressed address is). Audited `test-send`.
   * @returns the delivery log's row of the message
   * @throws ApiException 404 REQ-404 unknown template; 404 APP-404 unknown application
   */
  async testSend(id: string, dto: TemplatePreviewDto, actor: User): Promise<OutreachMessageResponse> {
    await this.find(id);
    const delivery = await this.mailer.send({
      applicationId: dto.applicationId,
      templateId: id,
      source: { kind: 'test', actor },
      locale: dto.locale,
    });
    const message = await this.messages.get(delivery.messageId);
    await this.audit.record({
      actor,
      action: 'test-send',
      resource: 'message-templates',
      recordId: id,
      after: { applicationId: dto.applicationId, locale: message.locale, to: message.email, status: message.status, messageId: message.id },
    });
    return message;
  }

  /** The content in the three languages, when every subject and body uses only allowed variables. @throws ApiException 422 VAL-001 */
  private checkedContent(dto: MessageTemplateDto): Record<Locale, LocalizedMessage> {
    const errors: Record<string, FieldErrorMessage[]> = {};
    const content = {} as Record<Locale, LocalizedMessage>;
    for (const locale of LOCALES) {
      const part = dto.content[locale];
      content[locale] = { subject: part.subject, body: part.body };
      for (const field of ['subject', 'body'] as const) {
        const problems = messageTemplateProblems(part[field]);
        if (problems.length)
          errors[`content.${locale}.${field}`] = [
            { key: 'errors.DEC-422-merge-field', params: { fields: problems.join(', '), allowed: MESSAGE_VARIABLES.join(', ') } },
          ];
      }
    }
    if (Object.keys(errors).length) throw new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, 'VAL-001', { errors });
    return content;
  }

  private async save(repository: Repository<MessageTemplate>, row: MessageTemplate): Promise<MessageTemplate> {
    try {
      return await repository.save(row);
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw fieldError('key', 'errors.OUT-422-key-taken');
      throw error;
    }
  }

  private async find(id: string, repository = this.templates): Promise<MessageTemplate> {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await repository.findOneBy({ id }) : null;
    if (!row) throw new ApiException(HttpStatus.NOT_FOUND, 'REQ-404');
    return row;
  }
}
