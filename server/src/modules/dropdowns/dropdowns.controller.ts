import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
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
  constructor(private readonly dropdowns: DropdownsService) {}

  /** Every option list (public: the forms need them before login). */
  @Get()
  @ApiOperation({ summary: 'List of dropdowns (spec §7)' })
  @ApiOkResponse({ type: [DropdownResponse] })
  list(): Promise<DropdownResponse[]> {
    return this.dropdowns.list();
  }

  /** Saves one list and answers the refreshed list of all (spec §7). Admins only. */
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
  ): Promise<DropdownResponse[]> {
    await this.dropdowns.update(id, dto, user);
    return this.dropdowns.list();
  }
}
