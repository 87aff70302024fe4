import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { AdminOnly } from '../auth/auth.guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { CAMPAIGN_SORT_FIELDS, CampaignsService } from './campaigns.service.js';
import { CampaignDto, CampaignResponse } from './dto/campaign.dto.js';
import { OutreachCountsResponse } from './dto/outreach-message.dto.js';
import { OutreachCrudController } from './outreach-crud.controller.js';

/**
 * Campaigns (issue 30 item 4; docs/api.md "Campaigns and reminders") in the ra-data-simple-rest dialect, with
 * their actions: schedule, pause, resume, cancel — each allowed from some statuses only (409
 * OUT-409-campaign-status, with the campaign as `data`) and audited. Admins only. A campaign's messages are in
 * the delivery log (`sourceKind` campaign, `sourceId` its id).
 * - List: with their counts, last changed first by default; filters `q` (part of the name), `status` (one or a
 *   list), `id` (list).
 * - Create (a draft): 422 VAL-001 for a field out of range, `segmentId` / `templateId` of nothing
 *   (OUT-422-unknown), `sendAt` not a real local date and time (OUT-422-send-at).
 * - Change: anything before it starts (a scheduled one moves to the new time); once started only `name` and
 *   `perMinute` (409 OUT-409-campaign-started); 409 OUT-409-campaign-status when cancelled or done; 422 as on
 *   create (and `sendAt` required once scheduled).
 * - Delete: a draft only (409 OUT-409-campaign-status once scheduled: cancel it instead).
 */
@ApiTags('admin')
@Controller('admin/campaigns')
@AdminOnly()
export class AdminCampaignsController extends OutreachCrudController({
  resource: 'campaigns',
  noun: 'Campaign',
  dto: CampaignDto,
  response: CampaignResponse,
  sortable: CAMPAIGN_SORT_FIELDS,
  defaultSort: '["updatedAt","DESC"]',
  summaries: {
    list: 'List campaigns with their counts',
    get: 'One campaign with its counts',
    create: 'Create a campaign (draft)',
    update: 'Change a campaign',
    remove: 'Delete a draft campaign',
  },
  conflicts: { update: 'OUT-409-campaign-status; OUT-409-campaign-started', remove: 'OUT-409-campaign-status' },
}) {
  constructor(protected readonly service: CampaignsService) {
    super();
  }

  /**
   * A campaign's messages by status (`{total, queued, sent, failed, bounced, suppressed}`; `total` = applications
   * claimed so far): the console's live counts. 404 REQ-404.
   */
  @Get(':id/counts')
  @ApiOperation({ operationId: 'countCampaignMessages', summary: "A campaign's messages by status" })
  @ApiOkResponse({ type: OutreachCountsResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  counts(@Param('id') id: string): Promise<OutreachCountsResponse> {
    return this.service.counts(id);
  }

  /**
   * Schedules a draft (→ scheduled, audited `schedule`): it starts at `sendAt` (zone applicant: each applicant at
   * that time in their own zone; zone office: at that time in the office's zone). 409 OUT-409-campaign-status
   * unless a draft; 422 VAL-001 on `sendAt` when it has none. 404.
   */
  @Post(':id/schedule')
  @HttpCode(200)
  @ApiOperation({ operationId: 'scheduleCampaign', summary: 'Schedule a draft campaign' })
  @ApiOkResponse({ type: CampaignResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  @ApiConflictResponse({ description: 'OUT-409-campaign-status' })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001 (sendAt)' })
  schedule(@Param('id') id: string, @CurrentUser() user: User): Promise<CampaignResponse> {
    return this.service.schedule(id, user);
  }

  /** Pauses a scheduled or running campaign between two messages (→ paused, audited). 409 otherwise; 404. */
  @Post(':id/pause')
  @HttpCode(200)
  @ApiOperation({ operationId: 'pauseCampaign', summary: 'Pause a campaign' })
  @ApiOkResponse({ type: CampaignResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  @ApiConflictResponse({ description: 'OUT-409-campaign-status' })
  pause(@Param('id') id: string, @CurrentUser() user: User): Promise<CampaignResponse> {
    return this.service.pause(id, user);
  }

  /** Resumes a paused campaign (→ running if it had started, else scheduled; audited). 409 otherwise; 404. */
  @Post(':id/resume')
  @HttpCode(200)
  @ApiOperation({ operationId: 'resumeCampaign', summary: 'Resume a paused campaign' })
  @ApiOkResponse({ type: CampaignResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  @ApiConflictResponse({ description: 'OUT-409-campaign-status' })
  resume(@Param('id') id: string, @CurrentUser() user: User): Promise<CampaignResponse> {
    return this.service.resume(id, user);
  }

  /**
   * Cancels a campaign (→ cancelled, final, audited with how many claimed messages were released): messages not
   * yet attempted are never sent. 409 when already cancelled or done; 404.
   */
  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOperation({ operationId: 'cancelCampaign', summary: 'Cancel a campaign' })
  @ApiOkResponse({ type: CampaignResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  @ApiConflictResponse({ description: 'OUT-409-campaign-status' })
  cancel(@Param('id') id: string, @CurrentUser() user: User): Promise<CampaignResponse> {
    return this.service.cancel(id, user);
  }
}
