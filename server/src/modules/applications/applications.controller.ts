import { Body, Controller, Param, ParseUUIDPipe, Patch, Post, Req, UseGuards } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiGoneResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { RateLimited } from '../../common/http/throttle.js';
import { OptionalBearerAuthGuard } from '../auth/auth.guards.js';
import { ApplicationAccessService } from '../token/application-access.service.js';
import type { User } from '../users/user.entity.js';
import { ApplicationsService } from './applications.service.js';
import { SaveApplicationResponse, StartApplicationResponse } from './dto/application-record.dto.js';
import { SaveApplicationDto } from './dto/save-application.dto.js';
import { StartApplicationDto } from './dto/start-application.dto.js';

/** Applications: start and save (DESIGN §4). */
@ApiTags('applications')
@Controller('applications')
@UseGuards(OptionalBearerAuthGuard)
export class ApplicationsController {
  constructor(
    private readonly applications: ApplicationsService,
    private readonly access: ApplicationAccessService,
  ) {}

  /** Starts an application; rate limited per IP. A logged-in caller becomes its owner. */
  @Post()
  @RateLimited()
  @ApiOperation({ summary: 'Start an application; answers its token, id and record' })
  @ApiCreatedResponse({ type: StartApplicationResponse })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001 (also when the program, semester or location is not offered)' })
  @ApiServiceUnavailableResponse({ description: 'MAI-002 maintenance in progress' })
  start(@Body() dto: StartApplicationDto, @Req() request: Request & { user?: User }): Promise<StartApplicationResponse> {
    return this.applications.start(dto, request.user);
  }

  /** Saves fields of a step with the version guard. Token (header or query), owner or admin only. */
  @Patch(':id')
  @ApiOperation({ summary: 'Save a step (partial); stale version → 409 APP-409 with the current record' })
  @ApiHeader({ name: 'X-Application-Token', required: false, description: 'the application token (or query `token`)' })
  @ApiOkResponse({ type: SaveApplicationResponse })
  @ApiConflictResponse({ description: 'APP-409; `data` is the current record' })
  @ApiGoneResponse({ description: 'TKN-002 no longer a draft; TKN-003 token expired' })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001 with per-field errors' })
  async save(
    @Param('id', new ParseUUIDPipe({ version: '4' })) id: string,
    @Body() dto: SaveApplicationDto,
    @Req() request: Request & { user?: User },
  ): Promise<SaveApplicationResponse> {
    const application = await this.access.authorize(request, id);
    return { success: true, data: await this.applications.save(application, dto) };
  }
}
