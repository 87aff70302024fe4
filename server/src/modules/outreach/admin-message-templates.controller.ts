import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { listPage, SimpleRestListQuery } from '../../common/http/simple-rest.js';
import { AdminOnly } from '../auth/auth.guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { MessageTemplateDto, MessageTemplateResponse, RenderedMessageResponse, TemplatePreviewDto } from './dto/message-template.dto.js';
import { OutreachMessageResponse } from './dto/outreach-message.dto.js';
import { MessageTemplatesService } from './message-templates.service.js';

/**
 * Message templates (issue 30 item 2; docs/api.md "Outreach") in the ra-data-simple-rest dialect, with a
 * preview for any application and a test send to the calling admin. Admins only.
 */
@ApiTags('admin')
@Controller('admin/message-templates')
@AdminOnly()
export class AdminMessageTemplatesController {
  constructor(private readonly templates: MessageTemplatesService) {}

  /** A page of templates with `Content-Range`. Filters: `q` (key or name), `kind`, `id` (list). */
  @Get()
  @ApiOperation({ operationId: 'listMessageTemplates', summary: 'List message templates' })
  @ApiOkResponse({ type: [MessageTemplateResponse] })
  list(@Query() query: SimpleRestListQuery, @Res({ passthrough: true }) response: Response): Promise<MessageTemplateResponse[]> {
    return listPage(query, response, 'message-templates', ['id', 'key', 'name', 'kind', 'createdAt', 'updatedAt'], (parsed) =>
      this.templates.page(parsed),
    );
  }

  /** One template. 404 REQ-404. */
  @Get(':id')
  @ApiOperation({ operationId: 'getMessageTemplate', summary: 'One message template' })
  @ApiOkResponse({ type: MessageTemplateResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  get(@Param('id') id: string): Promise<MessageTemplateResponse> {
    return this.templates.get(id);
  }

  /**
   * Creates a template (audited). Subject and body in en, es and zh-CN, each using only the variables
   * {{fullName}} {{greetingName}} {{firstName}} {{lastName}} {{program}} {{term}} {{deadline}}
   * {{referenceNumber}} {{link}} {{continueLink}}; anything else (another name, a block, a helper,
   * `{{{raw}}}`) → 422 VAL-001 on `content.<locale>.<subject|body>`; a key in use → 422 VAL-001 on `key`.
   */
  @Post()
  @ApiOperation({ operationId: 'createMessageTemplate', summary: 'Create a message template (variables checked)' })
  @ApiCreatedResponse({ type: MessageTemplateResponse })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001' })
  create(@Body() dto: MessageTemplateDto, @CurrentUser() user: User): Promise<MessageTemplateResponse> {
    return this.templates.create(dto, user);
  }

  /** Changes a template (audited; checked as on create). 404 REQ-404; 422 VAL-001. */
  @Put(':id')
  @ApiOperation({ operationId: 'updateMessageTemplate', summary: 'Change a message template' })
  @ApiOkResponse({ type: MessageTemplateResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001' })
  update(@Param('id') id: string, @Body() dto: MessageTemplateDto, @CurrentUser() user: User): Promise<MessageTemplateResponse> {
    return this.templates.update(id, dto, user);
  }

  /**
   * Deletes a template never used (audited). 409 OUT-409-used once a message was made from it; 409 OUT-409-in-use
   * while a reminder rule or a campaign uses it.
   */
  @Delete(':id')
  @ApiOperation({ operationId: 'deleteMessageTemplate', summary: 'Delete a message template never used' })
  @ApiOkResponse({ type: MessageTemplateResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  @ApiConflictResponse({ description: 'OUT-409-used; OUT-409-in-use' })
  remove(@Param('id') id: string, @CurrentUser() user: User): Promise<MessageTemplateResponse> {
    return this.templates.remove(id, user);
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
    return this.templates.preview(id, dto);
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
    return this.templates.testSend(id, dto, user);
  }
}
