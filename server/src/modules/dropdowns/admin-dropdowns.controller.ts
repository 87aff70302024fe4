import { Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import { ParseSerialIdPipe } from '../../common/validation/parse-serial-id.pipe.js';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { listPage, SimpleRestListQuery } from '../../common/http/simple-rest.js';
import { AdminOnly } from '../auth/auth.guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { DropdownsService } from './dropdowns.service.js';
import { DropdownResponse, UpdateDropdownDto } from './dto/dropdown.dto.js';

/** Manage Dropdowns for react-admin (ra-data-simple-rest dialect, DESIGN §4, §10). */
@ApiTags('admin')
@Controller('admin/dropdowns')
@AdminOnly()
export class AdminDropdownsController {
  constructor(private readonly dropdowns: DropdownsService) {}

  /** A page of lists with `Content-Range`. 400 REQ-400 on a malformed sort/range/filter. */
  @Get()
  @ApiOperation({ summary: 'List dropdowns (sort, range, filter; Content-Range)' })
  @ApiOkResponse({ type: [DropdownResponse] })
  list(@Query() query: SimpleRestListQuery, @Res({ passthrough: true }) response: Response): Promise<DropdownResponse[]> {
    return listPage(query, response, 'dropdowns', ['id', 'key', 'label', 'updated_at'], (parsed) => this.dropdowns.page(parsed));
  }

  /** One list. 404 REQ-404. */
  @Get(':id')
  @ApiOperation({ summary: 'One dropdown' })
  @ApiOkResponse({ type: DropdownResponse })
  get(@Param('id', ParseSerialIdPipe) id: number): Promise<DropdownResponse> {
    return this.dropdowns.get(id);
  }

  /** Replace a list's options and label. 422 VAL-001 on duplicates or bad options. */
  @Put(':id')
  @ApiOperation({ summary: 'Edit a dropdown (label and options)' })
  @ApiOkResponse({ type: DropdownResponse })
  update(@Param('id', ParseSerialIdPipe) id: number, @Body() dto: UpdateDropdownDto, @CurrentUser() user: User): Promise<DropdownResponse> {
    return this.dropdowns.update(id, dto, user);
  }
}
