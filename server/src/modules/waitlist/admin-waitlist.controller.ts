import { Body, Controller, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { I18nService } from '../../common/i18n/i18n.service.js';
import { RequiresScope } from '../api-keys/api-key-scopes.js';
import { AdminOnly } from '../auth/auth.guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { AdmitFromWaitlistDto, AdmitFromWaitlistResponse, ReorderWaitlistDto, WaitlistResponse } from './dto/waitlist.dto.js';
import { WaitlistService } from './waitlist.service.js';

/**
 * The ranked waitlist of an offering (issue 29 item 4; docs/api.md "Waitlist"): read it (admins, and API keys
 * with `enrollment:read`, issue 29 item 6), reorder it, admit from it (admins only).
 */
@ApiTags('admin')
@Controller('admin/offerings')
@AdminOnly()
export class AdminWaitlistController {
  constructor(
    private readonly waitlist: WaitlistService,
    private readonly i18n: I18nService,
  ) {}

  /**
   * The waitlist of the offering: the ranked applicants (rank 1..n, name, reference number, reply, decided and
   * released dates), then those who withdrew (rank null); the offering's seats, accepted offers and open offers;
   * the list's `version`. Labels in the caller's language. 404 REQ-404 for an unknown offering.
   */
  @Get(':id/waitlist')
  @RequiresScope('enrollment:read')
  @ApiOperation({ operationId: 'getOfferingWaitlist', summary: "An offering's ranked waitlist and its seats" })
  @ApiOkResponse({ type: WaitlistResponse })
  @ApiNotFoundResponse({ description: 'REQ-404 unknown offering' })
  get(@Param('id') id: string, @Req() request: Request): Promise<WaitlistResponse> {
    return this.waitlist.view(id, this.i18n.localeOf(request));
  }

  /**
   * Reorders the waitlist: `{ids}` (the whole waitlist, first to last) or `{id, rank}` (one applicant moved; the
   * others keep their order), optionally conditional on `version`. Audited `reorder-waitlist` (resource
   * `offerings`). Answers the waitlist after the change.
   */
  @Put(':id/waitlist')
  @ApiOperation({ operationId: 'reorderOfferingWaitlist', summary: 'Reorder the waitlist (whole order, or move one to a rank)' })
  @ApiOkResponse({ type: WaitlistResponse })
  @ApiNotFoundResponse({ description: 'REQ-404 unknown offering' })
  @ApiConflictResponse({
    description:
      'WTL-409-stale the waitlist changed (data: version, ids); WTL-409-not-waitlisted the applicant moved is not on it (data.ids)',
  })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001 ids (named twice, or sent with id/rank), id, rank (past the end)' })
  reorder(
    @Param('id') id: string,
    @Body() dto: ReorderWaitlistDto,
    @CurrentUser() user: User,
    @Req() request: Request,
  ): Promise<WaitlistResponse> {
    return this.waitlist.reorder(id, dto, user, this.i18n.localeOf(request));
  }

  /**
   * Admits one or many from the waitlist, all or none: decision `admitted`, the waitlist reply cleared, the admit
   * letter released now and e-mailed by the release job (webhook `decision.released`), the admit reply open until
   * `replyBy` (else the offering's reply deadline). Past the offering's seats → 409 SEAT-409-over-capacity with
   * the figures unless `acknowledgeOverCapacity`. Audited per application (`admit-from-waitlist`, `schedule-release`).
   */
  @Post(':id/waitlist/admit')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'admitFromWaitlist',
    summary: 'Admit from the waitlist (one or bulk): release the admit letter, open the reply',
  })
  @ApiOkResponse({ type: AdmitFromWaitlistResponse })
  @ApiNotFoundResponse({ description: 'REQ-404 unknown offering' })
  @ApiConflictResponse({
    description:
      'WTL-409-not-waitlisted (data.ids) one is not on this waitlist; SEAT-409-over-capacity (data: seats, taken, offersOut, requested, ' +
      'seatsLeft, freeAfter) the admit passes the seats and is not acknowledged',
  })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001 ids, replyBy (not in the future, or the offering deadline passed: give one)' })
  admit(
    @Param('id') id: string,
    @Body() dto: AdmitFromWaitlistDto,
    @CurrentUser() user: User,
    @Req() request: Request,
  ): Promise<AdmitFromWaitlistResponse> {
    return this.waitlist.admit(id, dto, user, this.i18n.localeOf(request));
  }
}
