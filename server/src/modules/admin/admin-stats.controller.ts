import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Application } from '../applications/application.entity.js';
import { AdminOnly } from '../auth/auth.guards.js';

/** Dashboard Home figures. */
export class AdminStatsResponse {
  @ApiProperty() total: number;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' }, example: { draft: 10, submitted: 2 } })
  byStatus: Record<string, number>;
}

/** `GET /api/admin/stats` (DESIGN §4, §10). */
@ApiTags('admin')
@Controller('admin/stats')
@AdminOnly()
export class AdminStatsController {
  constructor(@InjectRepository(Application) private readonly applications: Repository<Application>) {}

  /** Application counts by status. */
  @Get()
  @ApiOperation({ summary: 'Application counts for Dashboard Home' })
  @ApiOkResponse({ type: AdminStatsResponse })
  async stats(): Promise<AdminStatsResponse> {
    const rows: { status: string; count: string }[] = await this.applications
      .createQueryBuilder('a')
      .select('a.status', 'status')
      .addSelect('count(*)', 'count')
      .groupBy('a.status')
      .getRawMany();
    const byStatus = Object.fromEntries(rows.map((r) => [r.status, Number(r.count)]));
    return { total: rows.reduce((sum, r) => sum + Number(r.count), 0), byStatus };
  }
}
