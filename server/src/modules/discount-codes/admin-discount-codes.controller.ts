import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
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
import { AdminDiscountCodesService } from './admin-discount-codes.service.js';
import { DiscountCodeDto, DiscountCodeResponse } from './dto/admin-discount-code.dto.js';

/** Discount codes for the admissions office (ra-data-simple-rest dialect; DESIGN §4, §7, §10). */
@ApiTags('admin')
@Controller('admin/discount-codes')
@AdminOnly()
export class AdminDiscountCodesController {
  constructor(private readonly codes: AdminDiscountCodesService) {}

  /** A page of codes with `Content-Range`, each with its usage count. Filters: `q`, `kind`, `active`, `id`. */
  @Get()
  @ApiOperation({ summary: 'List discount codes' })
  @ApiOkResponse({ type: [DiscountCodeResponse] })
  list(@Query() query: SimpleRestListQuery, @Res({ passthrough: true }) response: Response): Promise<DiscountCodeResponse[]> {
    return listPage(query, response, 'discount-codes', ['id', 'code', 'kind', 'value', 'expiresAt', 'usageCount', 'createdAt'], (parsed) =>
      this.codes.page(parsed),
    );
  }

  /** One code. 404 REQ-404. */
  @Get(':id')
  @ApiOperation({ summary: 'One discount code' })
  @ApiOkResponse({ type: DiscountCodeResponse })
  get(@Param('id') id: string): Promise<DiscountCodeResponse> {
    return this.codes.get(id);
  }

  /** Create a code (audited). 422 VAL-001 when the code exists or a percentage exceeds 100. */
  @Post()
  @ApiOperation({ summary: 'Create a discount code' })
  @ApiCreatedResponse({ type: DiscountCodeResponse })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001' })
  create(@Body() dto: DiscountCodeDto, @CurrentUser() user: User): Promise<DiscountCodeResponse> {
    return this.codes.create(dto, user);
  }

  /** Update or expire a code (audited). */
  @Put(':id')
  @ApiOperation({ summary: 'Change a discount code' })
  @ApiOkResponse({ type: DiscountCodeResponse })
  update(@Param('id') id: string, @Body() dto: DiscountCodeDto, @CurrentUser() user: User): Promise<DiscountCodeResponse> {
    return this.codes.update(id, dto, user);
  }

  /** Delete a code never used (audited). 409 DSC-409 once used: expire it instead. */
  @Delete(':id')
  @ApiOperation({ summary: 'Delete a discount code never used (409 DSC-409 once used)' })
  @ApiOkResponse({ type: DiscountCodeResponse })
  @ApiConflictResponse({ description: 'DSC-409' })
  remove(@Param('id') id: string, @CurrentUser() user: User): Promise<DiscountCodeResponse> {
    return this.codes.remove(id, user);
  }
}
