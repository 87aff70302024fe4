import { Body, Controller, Delete, Get, Param, Put, Query, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { listPage, SimpleRestListQuery } from '../../common/http/simple-rest.js';
import { AdminOnly } from '../auth/auth.guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { AdminUsersService } from './admin-users.service.js';
import { AdminUserResponse, UpdateAdminUserDto } from './dto/admin-user.dto.js';

/** Accounts (ra-data-simple-rest dialect; DESIGN §4, §10). */
@ApiTags('admin')
@Controller('admin/users')
@AdminOnly()
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  /** A page of accounts with `Content-Range`. Filters: `q` (name or e-mail), `role`, `id` (list). */
  @Get()
  @ApiOperation({ summary: 'List accounts' })
  @ApiOkResponse({ type: [AdminUserResponse] })
  list(@Query() query: SimpleRestListQuery, @Res({ passthrough: true }) response: Response): Promise<AdminUserResponse[]> {
    return listPage(query, response, 'users', ['id', 'email', 'first_name', 'last_name', 'role', 'created_at'], (parsed) =>
      this.users.page(parsed),
    );
  }

  /** One account. 404 REQ-404. */
  @Get(':id')
  @ApiOperation({ summary: 'One account' })
  @ApiOkResponse({ type: AdminUserResponse })
  get(@Param('id') id: string): Promise<AdminUserResponse> {
    return this.users.get(id);
  }

  /** Make or remove an admin, or correct the name (audited). 409 USR-409 for the last admin. */
  @Put(':id')
  @ApiOperation({ summary: 'Make or remove an admin, or correct the name (409 USR-409 for the last admin)' })
  @ApiOkResponse({ type: AdminUserResponse })
  @ApiConflictResponse({ description: 'USR-409: the last admin cannot lose the role' })
  update(@Param('id') id: string, @Body() dto: UpdateAdminUserDto, @CurrentUser() user: User): Promise<AdminUserResponse> {
    return this.users.update(id, dto, user);
  }

  /** Delete an account (audited); answers it as it was. 409 USR-409 for oneself or the last admin. */
  @Delete(':id')
  @ApiOperation({ summary: 'Delete an account (409 USR-409 for oneself or the last admin)' })
  @ApiOkResponse({ type: AdminUserResponse })
  @ApiConflictResponse({ description: 'USR-409: yourself, or the last admin' })
  remove(@Param('id') id: string, @CurrentUser() user: User): Promise<AdminUserResponse> {
    return this.users.remove(id, user);
  }
}
