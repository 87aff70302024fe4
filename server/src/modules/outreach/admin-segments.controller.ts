import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { AdminOnly } from '../auth/auth.guards.js';
import { SegmentDto, SegmentPreviewDto, SegmentPreviewResponse, SegmentResponse } from './dto/segment.dto.js';
import { OutreachCrudController } from './outreach-crud.controller.js';
import { SegmentsService } from './segments.service.js';

/**
 * Segments (issue 30 item 1; docs/api.md "Outreach"): saved filters over applications in the
 * ra-data-simple-rest dialect (list filters `q` — part of the name — and `id`; a save is audited, 422 VAL-001
 * for an unknown filter field or a bad value; a delete answers 409 OUT-409-in-use while a campaign uses it),
 * with a live count and a sample. Admins only (API keys have no scope here).
 */
@ApiTags('admin')
@Controller('admin/segments')
@AdminOnly()
export class AdminSegmentsController extends OutreachCrudController({
  resource: 'segments',
  noun: 'Segment',
  dto: SegmentDto,
  response: SegmentResponse,
  sortable: ['id', 'name', 'createdAt', 'updatedAt'],
  summaries: {
    list: 'List segments',
    get: 'One segment',
    create: 'Create a segment',
    update: 'Change a segment',
    remove: 'Delete a segment',
  },
  conflicts: { remove: 'OUT-409-in-use (a campaign uses it)' },
}) {
  constructor(protected readonly service: SegmentsService) {
    super();
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
    return this.service.preview(dto.filter);
  }

  /** A saved segment's count and sample now (as `POST /preview`). 404 REQ-404. */
  @Get(':id/preview')
  @ApiOperation({ operationId: 'previewSegment', summary: "A segment's count and sample now" })
  @ApiOkResponse({ type: SegmentPreviewResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  preview(@Param('id') id: string): Promise<SegmentPreviewResponse> {
    return this.service.previewSaved(id);
  }
}
