import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
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
  constructor(private readonly sessions: SessionService) {}

  /** Whether a browser-generated session id is free (SES-000) or taken (SES-001). */
  @Get('check')
  @ApiOperation({ summary: 'Check a session id (SES-001 means in use: generate another)' })
  @ApiOkResponse({ type: SessionCheckResponse })
  async check(@Query() query: SessionCheckQuery): Promise<SessionCheckResponse> {
    return { success: true, code: await this.sessions.check(query.id) };
  }

  /** Stores the session's start, activity, renewal or end. */
  @Post('upsert')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create or update a session' })
  @ApiOkResponse({ type: SessionUpsertResponse })
  async upsert(@Body() dto: UpsertSessionDto): Promise<SessionUpsertResponse> {
    return { success: true, data: await this.sessions.upsert(dto) };
  }
}
