import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { listPage, SimpleRestListQuery } from '../../common/http/simple-rest.js';
import { I18nService } from '../../common/i18n/i18n.service.js';
import { RequiresScope } from '../api-keys/api-key-scopes.js';
import { AdminOnly } from '../auth/auth.guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { DEFERRAL_SORT_FIELDS, DeferralsService } from './deferrals.service.js';
import { ApproveDeferralDto, DeferralDecisionResponse, DeferralRowResponse, DenyDeferralDto } from './dto/deferral.dto.js';

/**
 * The office's deferral queue (issue 29 item 3; docs/api.md "Deferrals"): the admitted applicants who asked
 * to start in a later semester, approved or denied with a note. Admins; the list also API keys with
 * `enrollment:read` (issue 29 item 6).
 */
@ApiTags('admin')
@Controller('admin')
@AdminOnly()
export class AdminDeferralsController {
  constructor(
    private readonly deferrals: DeferralsService,
    private readonly i18n: I18nService,
  ) {}

  /**
   * A page of deferral requests with `Content-Range`. Filter `status`: pending (default), approved, denied.
   * Sort: `requestedAt` (default, oldest first), `decidedAt`, `referenceNumber`, `lastName`. 400 REQ-400 for
   * a malformed query or another status.
   */
  @Get('deferrals')
  @RequiresScope('enrollment:read')
  @ApiOperation({ operationId: 'listDeferrals', summary: 'Deferral requests (filter status; Content-Range)' })
  @ApiOkResponse({ type: [DeferralRowResponse] })
  list(
    @Query() query: SimpleRestListQuery,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<DeferralRowResponse[]> {
    return listPage({ sort: '["requestedAt","ASC"]', ...query }, response, 'deferrals', DEFERRAL_SORT_FIELDS, (parsed) =>
      this.deferrals.list(parsed, this.i18n.localeOf(request)),
    );
  }

  /**
   * Approves the pending request: the application moves to the semester asked for; the decision is kept or
   * reopened per DEFERRAL_APPROVAL; audited `approve-deferral`; webhook `deferral.decided`; the applicant is e-mailed.
   */
  @Post('applications/:id/deferral/approve')
  @HttpCode(200)
  @ApiOperation({ operationId: 'approveDeferral', summary: 'Approve a deferral request (moves the application to the new semester)' })
  @ApiOkResponse({ type: DeferralDecisionResponse })
  @ApiNotFoundResponse({ description: 'APP-404' })
  @ApiConflictResponse({ description: 'DFR-409-not-pending no request waiting; DFR-409-target the semester is no longer offered' })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001 (note longer than 1000 characters)' })
  approve(
    @Param('id', new ParseUUIDPipe({ version: '4' })) id: string,
    @Body() dto: ApproveDeferralDto,
    @CurrentUser() user: User,
    @Req() request: Request,
  ): Promise<DeferralDecisionResponse> {
    return this.deferrals.approve(id, dto.note, user, this.i18n.localeOf(request));
  }

  /** Denies the pending request with a note (1–1000 characters); the applicant replies to the original offer again. */
  @Post('applications/:id/deferral/deny')
  @HttpCode(200)
  @ApiOperation({ operationId: 'denyDeferral', summary: 'Deny a deferral request with a note' })
  @ApiOkResponse({ type: DeferralDecisionResponse })
  @ApiNotFoundResponse({ description: 'APP-404' })
  @ApiConflictResponse({ description: 'DFR-409-not-pending no request waiting' })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001 (note missing or longer than 1000 characters)' })
  deny(
    @Param('id', new ParseUUIDPipe({ version: '4' })) id: string,
    @Body() dto: DenyDeferralDto,
    @CurrentUser() user: User,
    @Req() request: Request,
  ): Promise<DeferralDecisionResponse> {
    return this.deferrals.deny(id, dto.note, user, this.i18n.localeOf(request));
  }
}
