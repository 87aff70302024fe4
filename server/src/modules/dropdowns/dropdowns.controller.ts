import { Body, Controller, Get, Header, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { I18nService } from '../../common/i18n/i18n.service.js';
import { ParseSerialIdPipe } from '../../common/validation/parse-serial-id.pipe.js';
import { ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { AdminOnly } from '../auth/auth.guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { DropdownsService } from './dropdowns.service.js';
import { DropdownResponse, UpdateDropdownDto } from './dto/dropdown.dto.js';

/** Spec §7: `GET /api/dropdowns/` and `POST /api/dropdowns/{id}`. */
@ApiTags('dropdowns')
@Controller('dropdowns')
export class DropdownsController {
  constructor(
    private readonly dropdowns: DropdownsService,
    private readonly i18n: I18nService,
  ) {}

  /**
   * Every option list (public: the forms need them before login), each option `{value, label}` with the
   * label in the caller's `Accept-Language` (en, es, zh-CN; English where a label is missing), issue 11.
   * The fast path of the hot reads answers the same, `Vary: Accept-Language`.
   */
  @Get()
  @Header('Vary', 'Accept-Language')
  @ApiOperation({ summary: "List of dropdowns, labels in the caller's Accept-Language (spec §7)" })
  @ApiOkResponse({ type: [DropdownResponse] })
  list(@Req() request: Request): Promise<DropdownResponse[]> {
    return this.dropdowns.list(this.i18n.localeOf(request));
  }

  /**
   * Saves one list and answers the refreshed list of all, labels in the caller's language (spec §7).
   * Admins only. An option label is text (the English label; the others kept) or `{en, es, zh-CN}`.
   */
  @Post(':id')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Update a dropdown; answers the refreshed list (spec §7)' })
  @ApiOkResponse({ type: [DropdownResponse] })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001' })
  async update(
    @Param('id', ParseSerialIdPipe) id: number,
    @Body() dto: UpdateDropdownDto,
    @CurrentUser() user: User,
    @Req() request: Request,
  ): Promise<DropdownResponse[]> {
    await this.dropdowns.update(id, dto, user);
    return this.dropdowns.list(this.i18n.localeOf(request));
  }
}
