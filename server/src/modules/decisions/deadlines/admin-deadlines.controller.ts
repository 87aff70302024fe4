import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { listPage, SimpleRestListQuery } from '../../../common/http/simple-rest.js';
import { AdminOnly } from '../../auth/auth.guards.js';
import { CurrentUser } from '../../auth/current-user.decorator.js';
import type { User } from '../../users/user.entity.js';
import { AdminDeadlinesService } from './admin-deadlines.service.js';
import { DeadlineDto, DeadlineResponse } from './dto/admin-deadline.dto.js';

/** Application deadlines for the admissions office (ra-data-simple-rest dialect; DESIGN §4, §7; issue 15). */
@ApiTags('admin')
@Controller('admin/deadlines')
@AdminOnly()
export class AdminDeadlinesController {
  constructor(private readonly deadlines: AdminDeadlinesService) {}

  /** A page of deadlines with `Content-Range` (default sort: `deadlineAt`). Filters: `semester`, `fieldOfInterest`, `id`. */
  @Get()
  @ApiOperation({ summary: 'List application deadlines' })
  @ApiOkResponse({ type: [DeadlineResponse] })
  list(@Query() query: SimpleRestListQuery, @Res({ passthrough: true }) response: Response): Promise<DeadlineResponse[]> {
    return listPage(query, response, 'deadlines', ['id', 'semester', 'fieldOfInterest', 'deadlineAt'], (parsed) =>
      this.deadlines.page(parsed),
    );
  }

  /** One deadline. 404 REQ-404. */
  @Get(':id')
  @ApiOperation({ summary: 'One application deadline' })
  @ApiOkResponse({ type: DeadlineResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  get(@Param('id') id: string): Promise<DeadlineResponse> {
    return this.deadlines.get(id);
  }

  /** Create a deadline (audited). 409 DDL-409 when the (semester, field) pair has one. */
  @Post()
  @ApiOperation({ summary: 'Create an application deadline' })
  @ApiCreatedResponse({ type: DeadlineResponse })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001' })
  @ApiConflictResponse({ description: 'DDL-409; `data` is the existing deadline' })
  create(@Body() dto: DeadlineDto, @CurrentUser() user: User): Promise<DeadlineResponse> {
    return this.deadlines.create(dto, user);
  }

  /** Replace a deadline (audited). 404 REQ-404, 409 DDL-409. */
  @Put(':id')
  @ApiOperation({ summary: 'Change an application deadline' })
  @ApiOkResponse({ type: DeadlineResponse })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001' })
  @ApiConflictResponse({ description: 'DDL-409; `data` is the existing deadline' })
  update(@Param('id') id: string, @Body() dto: DeadlineDto, @CurrentUser() user: User): Promise<DeadlineResponse> {
    return this.deadlines.update(id, dto, user);
  }

  /** Delete a deadline (audited). 404 REQ-404. */
  @Delete(':id')
  @ApiOperation({ summary: 'Delete an application deadline' })
  @ApiOkResponse({ type: DeadlineResponse })
  remove(@Param('id') id: string, @CurrentUser() user: User): Promise<DeadlineResponse> {
    return this.deadlines.remove(id, user);
  }
}
