import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MaintenanceCheckResponse } from './dto/maintenance.dto.js';
import { MaintenanceService } from './maintenance.service.js';

/** Spec §7 `GET api/maintenance/check`. Public. */
@ApiTags('maintenance')
@Controller('maintenance')
export class MaintenanceController {
  constructor(private readonly maintenance: MaintenanceService) {}

  /** The next scheduled window (MAI-000, Eastern wall clock) or MAI-001. */
  @Get('check')
  @ApiOperation({ operationId: 'getMaintenanceCheck', summary: 'Next maintenance window that has not ended; times in America/New_York' })
  @ApiOkResponse({ type: MaintenanceCheckResponse })
  check(): Promise<MaintenanceCheckResponse> {
    return this.maintenance.check();
  }
}
