import { Controller, Get, HttpStatus } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ApiException } from '../../common/errors/api.exception.js';

/** Liveness and readiness probes (DESIGN §4). */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The process is up. */
  @Get()
  @ApiOperation({ summary: 'Liveness' })
  @ApiOkResponse({ schema: { example: { status: 'ok' } } })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** The database answers. 503 SRV-503 otherwise. */
  @Get('ready')
  @ApiOperation({ summary: 'Readiness: the database is reachable' })
  @ApiOkResponse({ schema: { example: { status: 'ok', database: 'up' } } })
  @ApiServiceUnavailableResponse({ description: 'SRV-503 database unreachable' })
  async ready(): Promise<{ status: 'ok'; database: 'up' }> {
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, 'SRV-503');
    }
    return { status: 'ok', database: 'up' };
  }
}
