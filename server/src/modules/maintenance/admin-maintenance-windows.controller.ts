import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ParseSerialIdPipe } from '../../common/validation/parse-serial-id.pipe.js';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { listPage, SimpleRestListQuery } from '../../common/http/simple-rest.js';
import { AdminOnly } from '../auth/auth.guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { MaintenanceWindowDto, MaintenanceWindowResponse } from './dto/maintenance.dto.js';
import { MaintenanceService } from './maintenance.service.js';

/** Manage Banner for react-admin (ra-data-simple-rest dialect; DESIGN §10). */
@ApiTags('admin')
@Controller('admin/maintenance-windows')
@AdminOnly()
export class AdminMaintenanceWindowsController {
  constructor(private readonly maintenance: MaintenanceService) {}

  /** A page of windows with `Content-Range`. */
  @Get()
  @ApiOperation({ summary: 'List maintenance windows' })
  @ApiOkResponse({ type: [MaintenanceWindowResponse] })
  list(@Query() query: SimpleRestListQuery, @Res({ passthrough: true }) response: Response): Promise<MaintenanceWindowResponse[]> {
    return listPage(query, response, 'maintenance-windows', ['id', 'startsAt', 'endsAt', 'startDate', 'createdAt'], (parsed) =>
      this.maintenance.page(parsed),
    );
  }

  /** One window. 404 REQ-404. */
  @Get(':id')
  @ApiOperation({ summary: 'One maintenance window' })
  @ApiOkResponse({ type: MaintenanceWindowResponse })
  get(@Param('id', ParseSerialIdPipe) id: number): Promise<MaintenanceWindowResponse> {
    return this.maintenance.get(id);
  }

  /** Schedule a window (Eastern time). 422 VAL-001 when the end is not after the start. */
  @Post()
  @ApiOperation({ summary: 'Schedule a maintenance window' })
  @ApiCreatedResponse({ type: MaintenanceWindowResponse })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001' })
  create(@Body() dto: MaintenanceWindowDto, @CurrentUser() user: User): Promise<MaintenanceWindowResponse> {
    return this.maintenance.create(dto, user);
  }

  /** Reschedule a window. */
  @Put(':id')
  @ApiOperation({ summary: 'Change a maintenance window' })
  @ApiOkResponse({ type: MaintenanceWindowResponse })
  update(
    @Param('id', ParseSerialIdPipe) id: number,
    @Body() dto: MaintenanceWindowDto,
    @CurrentUser() user: User,
  ): Promise<MaintenanceWindowResponse> {
    return this.maintenance.update(id, dto, user);
  }

  /** Delete a window; answers the deleted record. */
  @Delete(':id')
  @ApiOperation({ summary: 'Delete a maintenance window' })
  @ApiOkResponse({ type: MaintenanceWindowResponse })
  remove(@Param('id', ParseSerialIdPipe) id: number, @CurrentUser() user: User): Promise<MaintenanceWindowResponse> {
    return this.maintenance.remove(id, user);
  }
}
