import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { listPage, SimpleRestListQuery } from '../../common/http/simple-rest.js';
import { AdminOnly } from '../auth/auth.guards.js';
import { OutreachCountsQuery, OutreachCountsResponse, OutreachMessageResponse } from './dto/outreach-message.dto.js';
import { MESSAGE_SORT_FIELDS, OutreachMessagesService } from './outreach-messages.service.js';

/** The delivery log (issue 30 item 6; docs/api.md "Outreach"), read-only, ra-data-simple-rest dialect. Admins only. */
@ApiTags('admin')
@Controller('admin/outreach-messages')
@AdminOnly()
export class AdminOutreachMessagesController {
  constructor(private readonly messages: OutreachMessagesService) {}

  /**
   * A page of the log with `Content-Range`, newest first by default. Filters (JSON `filter`): `applicationId`,
   * `status` and `sourceKind` (one or a list), `sourceId`, `templateId`, `stageKey`, `q` (part of the address),
   * `id` (list). Sort: `id`, `createdAt`, `sentAt`, `status`, `email`. 400 REQ-400 on a malformed query.
   */
  @Get()
  @ApiOperation({ operationId: 'listOutreachMessages', summary: 'The outreach delivery log' })
  @ApiOkResponse({ type: [OutreachMessageResponse] })
  list(@Query() query: SimpleRestListQuery, @Res({ passthrough: true }) response: Response): Promise<OutreachMessageResponse[]> {
    return listPage({ ...query, sort: query.sort ?? '["id","DESC"]' }, response, 'outreach-messages', MESSAGE_SORT_FIELDS, (parsed) =>
      this.messages.page(parsed),
    );
  }

  /** Counts by status of the messages of a campaign or rule (`sourceKind` + `sourceId`), an application or a template. */
  @Get('counts')
  @ApiOperation({ operationId: 'countOutreachMessages', summary: 'Outreach messages by status (e.g. per campaign)' })
  @ApiOkResponse({ type: OutreachCountsResponse })
  counts(@Query() query: OutreachCountsQuery): Promise<OutreachCountsResponse> {
    return this.messages.counts(query);
  }

  /** One message. 404 REQ-404. */
  @Get(':id')
  @ApiOperation({ operationId: 'getOutreachMessage', summary: 'One outreach message' })
  @ApiOkResponse({ type: OutreachMessageResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  get(@Param('id') id: string): Promise<OutreachMessageResponse> {
    return this.messages.get(id);
  }
}
