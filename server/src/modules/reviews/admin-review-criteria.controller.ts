import { Body, Controller, Get, Param, Post, Put, Res } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { setContentRange } from '../../common/http/simple-rest.js';
import { AdminOnly, AllowReaders } from '../auth/auth.guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { CreateReviewCriterionDto, ReviewCriterionResponse, UpdateReviewCriterionDto } from './dto/review-criterion.dto.js';
import { ReviewCriteriaService } from './review-criteria.service.js';

/**
 * The review criteria readers rate 1–5 (issue 15 item 2), with labels in en/es/zh-CN. Readers list them;
 * admins add, rename, reorder and archive them (`active: false`: no longer rated, old ratings kept).
 */
@ApiTags('admin')
@Controller('admin/review-criteria')
@AdminOnly()
export class AdminReviewCriteriaController {
  constructor(private readonly criteria: ReviewCriteriaService) {}

  /** Every criterion, active ones first, in display order (all in one page, with `Content-Range`). */
  @Get()
  @AllowReaders()
  @ApiOperation({ operationId: 'listReviewCriteria', summary: 'List review criteria' })
  @ApiOkResponse({ type: [ReviewCriterionResponse] })
  async list(@Res({ passthrough: true }) response: Response): Promise<ReviewCriterionResponse[]> {
    const rows = await this.criteria.list();
    setContentRange(response, 'review-criteria', 0, rows.length, rows.length);
    return rows;
  }

  /** One criterion. 404 REQ-404. */
  @Get(':id')
  @AllowReaders()
  @ApiOperation({ operationId: 'getReviewCriterion', summary: 'One review criterion' })
  @ApiOkResponse({ type: ReviewCriterionResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  get(@Param('id') id: string): Promise<ReviewCriterionResponse> {
    return this.criteria.get(id);
  }

  /** Adds a criterion (audited). 422 VAL-001 for a missing label. */
  @Post()
  @ApiOperation({ operationId: 'createReviewCriterion', summary: 'Add a review criterion' })
  @ApiCreatedResponse({ type: ReviewCriterionResponse })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001' })
  create(@Body() dto: CreateReviewCriterionDto, @CurrentUser() user: User): Promise<ReviewCriterionResponse> {
    return this.criteria.create(dto, user);
  }

  /** Renames, reorders or archives a criterion (audited). 404 REQ-404; 422 VAL-001. */
  @Put(':id')
  @ApiOperation({ operationId: 'updateReviewCriterion', summary: 'Rename, reorder or archive a review criterion' })
  @ApiOkResponse({ type: ReviewCriterionResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001' })
  update(@Param('id') id: string, @Body() dto: UpdateReviewCriterionDto, @CurrentUser() user: User): Promise<ReviewCriterionResponse> {
    return this.criteria.update(id, dto, user);
  }
}
