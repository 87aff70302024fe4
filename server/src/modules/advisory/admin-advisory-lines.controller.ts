import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ParseSerialIdPipe } from '../../common/validation/parse-serial-id.pipe.js';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { listPage, SimpleRestListQuery } from '../../common/http/simple-rest.js';
import { AdminOnly } from '../auth/auth.guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { AdvisoryService } from './advisory.service.js';
import { AdvisoryLineDto, AdvisoryLineResponse } from './dto/advisory.dto.js';

/** Manage Banner's advisory lines (ra-data-simple-rest dialect; DESIGN §10). */
@ApiTags('admin')
@Controller('admin/advisory-lines')
@AdminOnly()
export class AdminAdvisoryLinesController {
  constructor(private readonly advisory: AdvisoryService) {}

  /** A page of lines with `Content-Range`. Filters: `q`, `active`. */
  @Get()
  @ApiOperation({ summary: 'List advisory banner lines' })
  @ApiOkResponse({ type: [AdvisoryLineResponse] })
  list(@Query() query: SimpleRestListQuery, @Res({ passthrough: true }) response: Response): Promise<AdvisoryLineResponse[]> {
    return listPage(
      { sort: '["sortOrder","ASC"]', ...query },
      response,
      'advisory-lines',
      ['id', 'sortOrder', 'updatedAt', 'showUntil'],
      (parsed) => this.advisory.page(parsed),
    );
  }

  /** One line. 404 REQ-404. */
  @Get(':id')
  @ApiOperation({ summary: 'One advisory line' })
  @ApiOkResponse({ type: AdvisoryLineResponse })
  get(@Param('id', ParseSerialIdPipe) id: number): Promise<AdvisoryLineResponse> {
    return this.advisory.get(id);
  }

  /** Add a line (audited). 422 VAL-001 when a language is missing. */
  @Post()
  @ApiOperation({ summary: 'Add an advisory line' })
  @ApiCreatedResponse({ type: AdvisoryLineResponse })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001' })
  create(@Body() dto: AdvisoryLineDto, @CurrentUser() user: User): Promise<AdvisoryLineResponse> {
    return this.advisory.create(dto, user);
  }

  /** Replace a line (audited). */
  @Put(':id')
  @ApiOperation({ summary: 'Change an advisory line' })
  @ApiOkResponse({ type: AdvisoryLineResponse })
  update(
    @Param('id', ParseSerialIdPipe) id: number,
    @Body() dto: AdvisoryLineDto,
    @CurrentUser() user: User,
  ): Promise<AdvisoryLineResponse> {
    return this.advisory.update(id, dto, user);
  }

  /** Delete a line (audited); answers it as it was. */
  @Delete(':id')
  @ApiOperation({ summary: 'Delete an advisory line' })
  @ApiOkResponse({ type: AdvisoryLineResponse })
  remove(@Param('id', ParseSerialIdPipe) id: number, @CurrentUser() user: User): Promise<AdvisoryLineResponse> {
    return this.advisory.remove(id, user);
  }
}
