import { Body, Controller, Get, Param, ParseUUIDPipe, Put, Req, UseGuards } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { I18nService } from '../../common/i18n/i18n.service.js';
import { ApiApplicationTokenOrBearer } from '../../common/openapi/api-auth.decorators.js';
import { RequiresScope } from '../api-keys/api-key-scopes.js';
import { OptionalBearerAuthGuard } from '../auth/auth.guards.js';
import { ApplicationAccessService } from '../token/application-access.service.js';
import type { User } from '../users/user.entity.js';
import { ReplyDto, ReplyResponse } from './dto/reply.dto.js';
import { RepliesService } from './replies.service.js';

/**
 * The applicant's reply to a released decision (issue 29 item 1; docs/api.md "Replies"). Token (header
 * `X-Application-Token` or query `token`), the logged-in owner, or an admin; the GET also an API key with
 * `applications:read` (issue 29 item 6: one application's reply is part of the application).
 */
@ApiTags('applications')
@Controller('applications')
@UseGuards(OptionalBearerAuthGuard)
@ApiApplicationTokenOrBearer()
@ApiForbiddenResponse({ description: 'AUTH-403 not this application' })
export class RepliesController {
  constructor(
    private readonly access: ApplicationAccessService,
    private readonly replies: RepliesService,
    private readonly i18n: I18nService,
  ) {}

  /** The reply's state: the decision, the recorded reply, the deadline and the choices open now. */
  @Get(':id/reply')
  @RequiresScope('applications:read')
  @ApiOperation({ operationId: 'getDecisionReply', summary: 'The reply to the released decision: choices, deadline, recorded answer' })
  @ApiOkResponse({ type: ReplyResponse })
  @ApiNotFoundResponse({ description: 'DEC-404 no released decision' })
  async get(
    @Param('id', new ParseUUIDPipe({ version: '4' })) id: string,
    @Req() request: Request & { user?: User },
  ): Promise<ReplyResponse> {
    return this.replies.view(await this.access.authorize(request, id), this.i18n.localeOf(request));
  }

  /** Records (or, before the deadline, changes) the reply. */
  @Put(':id/reply')
  @ApiOperation({ operationId: 'replyToDecision', summary: 'Accept, decline or ask to defer an offer; stay on or leave the waitlist' })
  @ApiOkResponse({ type: ReplyResponse })
  @ApiNotFoundResponse({ description: 'DEC-404 no released decision' })
  @ApiConflictResponse({ description: 'RPL-409-no-reply the decision takes no reply' })
  @ApiUnprocessableEntityResponse({
    description: 'RPL-422-choice (data.choices), RPL-422-late (data.deadlineAt), VAL-001 (reason, deferTo, deferralNote)',
  })
  async put(
    @Param('id', new ParseUUIDPipe({ version: '4' })) id: string,
    @Body() dto: ReplyDto,
    @Req() request: Request & { user?: User },
  ): Promise<ReplyResponse> {
    const app = await this.access.authorize(request, id);
    return this.replies.reply(app.id, dto, request.user ?? null, this.i18n.localeOf(request));
  }
}
