import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { listPage, SimpleRestListQuery } from '../../common/http/simple-rest.js';
import { AdminOnly, AllowReaders } from '../auth/auth.guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { AssignmentsService, QUEUE_SORT_FIELDS } from './assignments.service.js';
import { AssignmentDto, AssignmentResultResponse, QueueItemResponse } from './dto/assignment.dto.js';

const ASSIGNMENT_ERRORS =
  'VAL-001 (ASG-422-reader on readerIds: not a reader or admin), ASG-422-target (both or neither of applicationIds and filter)';

/** Assigning applications to readers, and each reader's queue (issue 15 item 2). */
@ApiTags('admin')
@Controller('admin')
@AdminOnly()
export class AdminAssignmentsController {
  constructor(private readonly assignments: AssignmentsService) {}

  /**
   * Assigns applications (by `applicationIds`, or every one the admin list's `filter` matches) to readers,
   * in bulk; pairs already assigned stay as they are. One audit entry per pair added (`assign`, resource
   * `assignments`, record = application id). 404 APP-404 for an unknown id; 400 REQ-400 for a bad filter.
   */
  @Post('assignments')
  @HttpCode(200)
  @ApiOperation({ operationId: 'assignReaders', summary: 'Assign applications to readers (by ids or by filter)' })
  @ApiOkResponse({ type: AssignmentResultResponse })
  @ApiNotFoundResponse({ description: 'APP-404' })
  @ApiBadRequestResponse({ description: 'REQ-400 malformed filter' })
  @ApiUnprocessableEntityResponse({ description: ASSIGNMENT_ERRORS })
  assign(@Body() dto: AssignmentDto, @CurrentUser() user: User): Promise<AssignmentResultResponse> {
    return this.assignments.assign(dto, user);
  }

  /** Removes assignments (same body; audited `unassign` per pair removed). Reviews already saved stay. */
  @Post('assignments/unassign')
  @HttpCode(200)
  @ApiOperation({ operationId: 'unassignReaders', summary: 'Unassign applications from readers (by ids or by filter)' })
  @ApiOkResponse({ type: AssignmentResultResponse })
  @ApiNotFoundResponse({ description: 'APP-404' })
  @ApiUnprocessableEntityResponse({ description: ASSIGNMENT_ERRORS })
  unassign(@Body() dto: AssignmentDto, @CurrentUser() user: User): Promise<AssignmentResultResponse> {
    return this.assignments.unassign(dto, user);
  }

  /**
   * "My queue": a page of the applications assigned to the caller (reader or admin) with the caller's own
   * review state, with `Content-Range`. Sort: `assignedAt` (default), `referenceNumber`, `lastName`,
   * `status`, `reviewedAt`. Filters: `q` (name or reference number), `reviewed` (true/false).
   */
  @Get('queue')
  @AllowReaders()
  @ApiOperation({ operationId: 'listMyQueue', summary: "The caller's reading queue" })
  @ApiOkResponse({ type: [QueueItemResponse] })
  queue(
    @Query() query: SimpleRestListQuery,
    @CurrentUser() user: User,
    @Res({ passthrough: true }) response: Response,
  ): Promise<QueueItemResponse[]> {
    return listPage({ sort: '["assignedAt","ASC"]', ...query }, response, 'queue', QUEUE_SORT_FIELDS, (parsed) =>
      this.assignments.queue(parsed, user),
    );
  }
}
