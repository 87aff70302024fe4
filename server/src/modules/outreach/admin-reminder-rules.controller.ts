import { Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { listPage, SimpleRestListQuery } from '../../common/http/simple-rest.js';
import { AdminOnly } from '../auth/auth.guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { ReminderRuleDto, ReminderRuleResponse } from './dto/reminder-rule.dto.js';
import { ReminderRulesService } from './reminder-rules.service.js';

/**
 * The automatic reminder rules (issue 30 item 3; docs/api.md "Campaigns and reminders") in the
 * ra-data-simple-rest dialect: the five kinds, each switched on and tuned by the office (no create or delete).
 * Admins only. A rule's messages are in the delivery log (`sourceKind` rule, `sourceId` the rule's id).
 */
@ApiTags('admin')
@Controller('admin/reminder-rules')
@AdminOnly()
export class AdminReminderRulesController {
  constructor(private readonly rules: ReminderRulesService) {}

  /**
   * The rules with `Content-Range`, in the order of an application's life by default. Filters: `enabled`, `kind`,
   * `id` (list). Sort: `kind`, `enabled`, `days`, `weeklyCap`, `updatedAt`. 400 REQ-400 on a malformed query.
   */
  @Get()
  @ApiOperation({ operationId: 'listReminderRules', summary: 'List the automatic reminder rules' })
  @ApiOkResponse({ type: [ReminderRuleResponse] })
  list(@Query() query: SimpleRestListQuery, @Res({ passthrough: true }) response: Response): Promise<ReminderRuleResponse[]> {
    return listPage(
      { ...query, sort: query.sort ?? '["kind","ASC"]' },
      response,
      'reminder-rules',
      ['id', 'kind', 'enabled', 'days', 'weeklyCap', 'updatedAt'],
      (parsed) => this.rules.page(parsed),
    );
  }

  /** One rule. 404 REQ-404. */
  @Get(':id')
  @ApiOperation({ operationId: 'getReminderRule', summary: 'One automatic reminder rule' })
  @ApiOkResponse({ type: ReminderRuleResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  get(@Param('id') id: string): Promise<ReminderRuleResponse> {
    return this.rules.get(id);
  }

  /**
   * Switches a rule on or off and tunes it: N days, the template, the weekly cap K (audited). 404 REQ-404;
   * 422 VAL-001 (a value out of range; `templateId` of no template: OUT-422-unknown).
   */
  @Put(':id')
  @ApiOperation({ operationId: 'updateReminderRule', summary: 'Switch on and tune an automatic reminder rule' })
  @ApiOkResponse({ type: ReminderRuleResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001' })
  update(@Param('id') id: string, @Body() dto: ReminderRuleDto, @CurrentUser() user: User): Promise<ReminderRuleResponse> {
    return this.rules.update(id, dto, user);
  }
}
