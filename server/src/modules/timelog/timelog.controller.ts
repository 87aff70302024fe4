import { Body, Controller, Post, Req, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiApplicationTokenOrBearer } from '../../common/openapi/api-auth.decorators.js';
import type { Request } from 'express';
import { OptionalBearerAuthGuard } from '../auth/auth.guards.js';
import { ApplicationAccessService } from '../token/application-access.service.js';
import type { User } from '../users/user.entity.js';
import { CreateTimeLogDto, CreateTimeLogResponse } from './dto/time-log.dto.js';
import { TimelogService } from './timelog.service.js';

/** Spec §7 `POST /api/timelog`. */
@ApiTags('applications')
@Controller('timelog')
@UseGuards(OptionalBearerAuthGuard)
export class TimelogController {
  constructor(
    private readonly timelog: TimelogService,
    private readonly access: ApplicationAccessService,
  ) {}

  /**
   * Records time spent on a step, for the application of the token (or `applicationId` of a logged-in
   * owner or admin). The application-form token keeps working here after payment submitted the
   * application, so the thank-you page logs the payment step's time (issue 10 item 6); a withdrawn
   * application still answers 410 TKN-002.
   */
  @Post()
  @ApiOperation({ operationId: 'logTime', summary: 'Record time spent on a form step (seconds, 4 decimals)' })
  @ApiApplicationTokenOrBearer()
  @ApiCreatedResponse({ type: CreateTimeLogResponse })
  async create(@Body() dto: CreateTimeLogDto, @Req() request: Request & { user?: User }): Promise<CreateTimeLogResponse> {
    const application = await this.access.authorize(request, dto.applicationId);
    return { success: true, data: await this.timelog.record(application.id, dto.step, dto.duration) };
  }
}
