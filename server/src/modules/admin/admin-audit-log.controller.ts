import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ParseBigSerialIdPipe } from '../../common/validation/parse-serial-id.pipe.js';
import { listPage, SimpleRestListQuery } from '../../common/http/simple-rest.js';
import { AdminOnly } from '../auth/auth.guards.js';
import { AuditService } from './audit.service.js';
import { AuditEntryResponse } from './dto/audit-entry.dto.js';

/** The audit log, read-only (ra-data-simple-rest dialect; DESIGN §4). */
@ApiTags('admin')
@Controller('admin/audit-log')
@AdminOnly()
export class AdminAuditLogController {
  constructor(private readonly audit: AuditService) {}

  /**
   * A page of entries with `Content-Range`, newest first by default. Filters: `resource`, `action`,
   * `actor` (id or part of the e-mail), `recordId`, `createdFrom`, `createdTo`, `q`.
   */
  @Get()
  @ApiOperation({ summary: 'List audit-log entries' })
  @ApiOkResponse({ type: [AuditEntryResponse] })
  list(@Query() query: SimpleRestListQuery, @Res({ passthrough: true }) response: Response): Promise<AuditEntryResponse[]> {
    return listPage(
      { sort: '["id","DESC"]', ...query },
      response,
      'audit-log',
      ['id', 'createdAt', 'resource', 'action', 'actorEmail'],
      (parsed) => this.audit.page(parsed),
    );
  }

  /** One entry. 404 REQ-404 (also for ids outside bigint's range); 400 REQ-400 for an id that is not an integer. */
  @Get(':id')
  @ApiOperation({ summary: 'One audit entry', operationId: 'getAdminAuditLogEntry' })
  @ApiOkResponse({ type: AuditEntryResponse })
  get(@Param('id', ParseBigSerialIdPipe) id: string): Promise<AuditEntryResponse> {
    return this.audit.get(id);
  }
}
