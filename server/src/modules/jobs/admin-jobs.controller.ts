import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../auth/auth.guards.js';
import { JobCountsResponse } from './dto/job-counts.dto.js';
import { JobsService } from './jobs.service.js';

/** `GET /api/admin/jobs`: the background jobs' counts for the office (issue 15 item 5). */
@ApiTags('admin')
@Controller('admin/jobs')
@AdminOnly()
export class AdminJobsController {
  constructor(private readonly jobs: JobsService) {}

  /** Jobs per queue: queued, active, failed, completed (live and archived, 7 days). 401 / 403 for non-admins. */
  @Get()
  @ApiOperation({ operationId: 'getAdminJobCounts', summary: 'Background job counts per queue' })
  @ApiOkResponse({ type: JobCountsResponse })
  async counts(): Promise<JobCountsResponse> {
    return { queues: await this.jobs.counts() };
  }
}
