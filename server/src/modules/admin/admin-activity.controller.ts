import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { listPage, SimpleRestListQuery } from '../../common/http/simple-rest.js';
import { AdminOnly } from '../auth/auth.guards.js';
import { AdminActivityService } from './admin-activity.service.js';
import { AdminSessionResponse } from './dto/admin-activity.dto.js';
import { AdminTimeLogEntry } from './dto/admin-application.dto.js';

/** `/api/admin/time-logs` and `/api/admin/sessions`: read-only lists (ra-data-simple-rest dialect; DESIGN §4). */
@ApiTags('admin')
@Controller('admin')
@AdminOnly()
export class AdminActivityController {
  constructor(private readonly activity: AdminActivityService) {}

  /** A page of time-log records (seconds, 4 decimals). Filters: `applicationId`, `step`, `createdFrom`, `createdTo`. */
  @Get('time-logs')
  @ApiOperation({ operationId: 'listAdminTimeLogs', summary: 'List time-log records' })
  @ApiOkResponse({ type: [AdminTimeLogEntry] })
  timeLogs(@Query() query: SimpleRestListQuery, @Res({ passthrough: true }) response: Response): Promise<AdminTimeLogEntry[]> {
    return listPage({ sort: '["id","DESC"]', ...query }, response, 'time-logs', ['id', 'createdAt', 'duration', 'step'], (parsed) =>
      this.activity.timeLogPage(parsed),
    );
  }

  /** A page of form sessions, each with `active`. Filters: `active`, `parentId`, `parentModule`, `q`. */
  @Get('sessions')
  @ApiOperation({ operationId: 'listAdminSessions', summary: 'List form sessions' })
  @ApiOkResponse({ type: [AdminSessionResponse] })
  sessions(@Query() query: SimpleRestListQuery, @Res({ passthrough: true }) response: Response): Promise<AdminSessionResponse[]> {
    return listPage(
      { sort: '["createdAt","DESC"]', ...query },
      response,
      'sessions',
      ['id', 'startTime', 'lastActivityTime', 'endTime', 'createdAt'],
      (parsed) => this.activity.sessionPage(parsed),
    );
  }
}
