import { Body, Controller, Get, HttpCode, Post, Query, Req, UseGuards } from '@nestjs/common';
import {
  ApiForbiddenResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { OptionalBearerAuthGuard } from '../auth/auth.guards.js';
import { ApplicationAccessService } from '../token/application-access.service.js';
import type { User } from '../users/user.entity.js';
import { SessionCheckQuery, SessionResponse, UpsertSessionDto } from './dto/session.dto.js';
import { SessionService } from './session.service.js';

class SessionCheckResponse {
  @ApiProperty() success: true;
  @ApiProperty({ enum: ['SES-000', 'SES-001'], description: 'SES-001: the id is already in use' }) code: string;
}

class SessionUpsertResponse {
  @ApiProperty() success: true;
  @ApiProperty({ type: SessionResponse }) data: SessionResponse;
}

/** Spec §7 `GET /api/session/check` and `POST /api/session/upsert`. */
@ApiTags('session')
@Controller('session')
export class SessionController {
  constructor(
    private readonly sessions: SessionService,
    private readonly access: ApplicationAccessService,
  ) {}

  /** Whether a browser-generated session id is free (SES-000) or taken (SES-001). */
  @Get('check')
  @ApiOperation({ summary: 'Check a session id (SES-001 means in use: generate another)' })
  @ApiOkResponse({ type: SessionCheckResponse })
  async check(@Query() query: SessionCheckQuery): Promise<SessionCheckResponse> {
    return { success: true, code: await this.sessions.check(query.id) };
  }

  /**
   * Stores the session's start, activity, renewal or end (the applicant-ui ends it on `pagehide` and on
   * logout). Caller (issue 11 item 7): the token of application `parentId` (header
   * `X-Application-Token`, or `token` in the body for clients that cannot set headers), its logged-in owner, or an
   * admin. 401 AUTH-401 with none of them; 403 AUTH-403 for another application's token or session id;
   * TKN-00x for a bad token; 422 VAL-001 for a malformed body.
   */
  @Post('upsert')
  @HttpCode(200)
  @UseGuards(OptionalBearerAuthGuard)
  @ApiHeader({ name: 'X-Application-Token', required: false, description: 'the application token (or `token` in the body)' })
  @ApiOperation({ summary: 'Create or update a session of an application (token, owner or admin)' })
  @ApiOkResponse({ type: SessionUpsertResponse })
  @ApiUnauthorizedResponse({ description: 'AUTH-401 no token and no login' })
  @ApiForbiddenResponse({ description: "AUTH-403 another application's token, or a session id of another application" })
  async upsert(@Body() dto: UpsertSessionDto, @Req() request: Request & { user?: User }): Promise<SessionUpsertResponse> {
    await this.access.authorize(request, dto.parentId, dto.token || undefined);
    return { success: true, data: await this.sessions.upsert(dto) };
  }
}
