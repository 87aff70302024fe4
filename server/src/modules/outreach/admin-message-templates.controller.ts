import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/auth.guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { MessageTemplateDto, MessageTemplateResponse, RenderedMessageResponse, TemplatePreviewDto } from './dto/message-template.dto.js';
import { OutreachMessageResponse } from './dto/outreach-message.dto.js';
import { MessageTemplatesService } from './message-templates.service.js';
import { OutreachCrudController } from './outreach-crud.controller.js';

/**
 * Message templates (issue 30 item 2; docs/api.md "Outreach") in the ra-data-simple-rest dialect, with a
 * preview for any application and a test send to the calling admin. List filters: `q` (key or name), `kind`,
 * `id` (list). Subject and body are in en, es and zh-CN, each using only the variables {{fullName}}
 * {{greetingName}} {{firstName}} {{lastName}} {{program}} {{term}} {{deadline}} {{referenceNumber}} {{link}}
 * {{continueLink}}; anything else (another name, a block, a helper, `{{{raw}}}`) → 422 VAL-001 on
 * `content.<locale>.<subject|body>`, a key in use → 422 VAL-001 on `key` (create and change alike, audited). A
 * template is deleted only if never used: 409 OUT-409-used once a message was made from it, 409 OUT-409-in-use
 * while a reminder rule or a campaign uses it. Admins only.
 */
@ApiTags('admin')
@Controller('admin/message-templates')
@AdminOnly()
export class AdminMessageTemplatesController extends OutreachCrudController({
  resource: 'message-templates',
  noun: 'MessageTemplate',
  dto: MessageTemplateDto,
  response: MessageTemplateResponse,
  sortable: ['id', 'key', 'name', 'kind', 'createdAt', 'updatedAt'],
  summaries: {
    list: 'List message templates',
    get: 'One message template',
    create: 'Create a message template (variables checked)',
    update: 'Change a message template',
    remove: 'Delete a message template never used',
  },
  conflicts: { remove: 'OUT-409-used; OUT-409-in-use' },
}) {
  constructor(protected readonly service: MessageTemplatesService) {
    super();
  }

  /**
   * The template rendered for an application, in its language (or `locale`), exactly as it would be sent —
   * subject, text, HTML, and the List-Unsubscribe headers of a marketing message — with example links (no
   * token is issued). 404 REQ-404 template; 404 APP-404 application.
   */
  @Post(':id/preview')
  @HttpCode(200)
  @ApiOperation({ operationId: 'previewMessageTemplate', summary: 'Render a message template for an application' })
  @ApiOkResponse({ type: RenderedMessageResponse })
  @ApiNotFoundResponse({ description: 'REQ-404 template; APP-404 application' })
  preview(@Param('id') id: string, @Body() dto: TemplatePreviewDto): Promise<RenderedMessageResponse> {
    return this.service.preview(id, dto);
  }

  /**
   * Sends the template, rendered for an application, to the calling admin's own address through the one
   * send path (source `test`, example links); answers the delivery log's row (status `sent`, or `failed` /
   * `bounced` / `suppressed` with the reason). Audited `test-send`. 404 REQ-404; 404 APP-404.
   */
  @Post(':id/test-send')
  @HttpCode(200)
  @ApiOperation({ operationId: 'testSendMessageTemplate', summary: "Send a message template to the admin's own address" })
  @ApiOkResponse({ type: OutreachMessageResponse })
  @ApiNotFoundResponse({ description: 'REQ-404 template; APP-404 application' })
  testSend(@Param('id') id: string, @Body() dto: TemplatePreviewDto, @CurrentUser() user: User): Promise<OutreachMessageResponse> {
    return this.service.testSend(id, dto, user);
  }
}
