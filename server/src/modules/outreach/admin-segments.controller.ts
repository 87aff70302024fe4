import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
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
import { listPage, SimpleRestListQuery } from '../../common/http/simple-rest.js';
import { AdminOnly } from '../auth/auth.guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { SegmentDto, SegmentPreviewDto, SegmentPreviewResponse, SegmentResponse } from './dto/segment.dto.js';
import { SegmentsService } from './segments.service.js';

/**
 * Segments (issue 30 item 1; docs/api.md "Outreach"): saved filters over applications in the
 * ra-data-simple-rest dialect, with a live count and a sample. Admins only (API keys have no scope here).
 */
@ApiTags('admin')
@Controller('admin/segments')
@AdminOnly()
export class AdminSegmentsController {
  constructor(private readonly segments: SegmentsService) {}

  /** A page of segments with `Content-Range`. Filters: `q` (part of the name), `id` (list). */
  @Get()
  @ApiOperation({ operationId: 'listSegments', summary: 'List segments' })
  @ApiOkResponse({ type: [SegmentResponse] })
  list(@Query() query: SimpleRestListQuery, @Res({ passthrough: true }) response: Response): Promise<SegmentResponse[]> {
    return listPage(query, response, 'segments', ['id', 'name', 'createdAt', 'updatedAt'], (parsed) => this.segments.page(parsed));
  }

  /**
   * Count and sample of a filter not saved (the console's live count while the form is edited): how many
   * applications match now and the first 20, longest idle first. 422 VAL-001 for a field outside the
   * allow-list, a bad value, or a lower bound above its upper bound.
   */
  @Post('preview')
  @HttpCode(200)
  @ApiOperation({ operationId: 'previewSegmentFilter', summary: 'Count and sample of an unsaved segment filter' })
  @ApiOkResponse({ type: SegmentPreviewResponse })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001' })
  previewFilter(@Body() dto: SegmentPreviewDto): Promise<SegmentPreviewResponse> {
    return this.segments.preview(dto.filter);
  }

  /** One segment. 404 REQ-404. */
  @Get(':id')
  @ApiOperation({ operationId: 'getSegment', summary: 'One segment' })
  @ApiOkResponse({ type: SegmentResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  get(@Param('id') id: string): Promise<SegmentResponse> {
    return this.segments.get(id);
  }

  /** A saved segment's count and sample now (as `POST /preview`). 404 REQ-404. */
  @Get(':id/preview')
  @ApiOperation({ operationId: 'previewSegment', summary: "A segment's count and sample now" })
  @ApiOkResponse({ type: SegmentPreviewResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  preview(@Param('id') id: string): Promise<SegmentPreviewResponse> {
    return this.segments.previewSaved(id);
  }

  /** Saves a segment (audited). 422 VAL-001 for an unknown filter field or a bad value. */
  @Post()
  @ApiOperation({ operationId: 'createSegment', summary: 'Create a segment' })
  @ApiCreatedResponse({ type: SegmentResponse })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001' })
  create(@Body() dto: SegmentDto, @CurrentUser() user: User): Promise<SegmentResponse> {
    return this.segments.create(dto, user);
  }

  /** Changes a segment's name and filter (audited). 404 REQ-404; 422 VAL-001. */
  @Put(':id')
  @ApiOperation({ operationId: 'updateSegment', summary: 'Change a segment' })
  @ApiOkResponse({ type: SegmentResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001' })
  update(@Param('id') id: string, @Body() dto: SegmentDto, @CurrentUser() user: User): Promise<SegmentResponse> {
    return this.segments.update(id, dto, user);
  }

  /** Deletes a segment (audited); answers the deleted record. 404 REQ-404; 409 OUT-409-in-use when a campaign uses it. */
  @Delete(':id')
  @ApiOperation({ operationId: 'deleteSegment', summary: 'Delete a segment' })
  @ApiOkResponse({ type: SegmentResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  @ApiConflictResponse({ description: 'OUT-409-in-use (a campaign uses it)' })
  remove(@Param('id') id: string, @CurrentUser() user: User): Promise<SegmentResponse> {
    return this.segments.remove(id, user);
  }
}
