import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/auth.guards.js';
import { AdminStatsService } from './admin-stats.service.js';
import { AdminStatsResponse } from './dto/admin-stats.dto.js';

/** `GET /api/admin/stats` (DESIGN §4, §10 Dashboard Home). */
@ApiTags('admin')
@Controller('admin/stats')
@AdminOnly()
export class AdminStatsController {
  constructor(private readonly statsService: AdminStatsService) {}

  /**
   * Applications by status, program (fieldOfInterest), program group, semester and Payment_Status; the
   * funnel by stepReached; median and 90th-percentile seconds per step from the time log; form sessions
   * active now (activity within 30 minutes, no end); payment totals; the class taking shape (issue 29 item 5) in
   * total and per term. 401 / 403 for non-admins.
   */
  @Get()
  @ApiOperation({ operationId: 'getAdminStats', summary: 'Figures for Dashboard Home' })
  @ApiOkResponse({ type: AdminStatsResponse })
  stats(): Promise<AdminStatsResponse> {
    return this.statsService.stats();
  }
}
