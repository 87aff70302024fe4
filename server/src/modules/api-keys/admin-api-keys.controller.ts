import { Body, Controller, Delete, Get, Param, Post, Query, Res } from '@nestjs/common';
import {
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
import { API_KEY_SORT_FIELDS, ApiKeysService } from './api-keys.service.js';
import { ApiKeyResponse, CreateApiKeyDto, CreatedApiKeyResponse } from './dto/api-key.dto.js';

/**
 * API keys for integrators, managed by admins in the console (ra-data-simple-rest dialect; issue 14
 * item 5). Only logged-in admins: no API key can manage keys (403 AUTH-403).
 */
@ApiTags('admin')
@Controller('admin/api-keys')
@AdminOnly()
export class AdminApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  /** A page of keys with `Content-Range`, newest first by default. Filters: `q` (name or prefix), `state`, `id`. 400 REQ-400 on a bad state. */
  @Get()
  @ApiOperation({ summary: 'List API keys' })
  @ApiOkResponse({ type: [ApiKeyResponse] })
  list(@Query() query: SimpleRestListQuery, @Res({ passthrough: true }) response: Response): Promise<ApiKeyResponse[]> {
    return listPage({ sort: '["createdAt","DESC"]', ...query }, response, 'api-keys', API_KEY_SORT_FIELDS, (parsed) =>
      this.keys.page(parsed),
    );
  }

  /** One key (never the key itself). 404 REQ-404. */
  @Get(':id')
  @ApiOperation({ summary: 'One API key (never its secret)' })
  @ApiOkResponse({ type: ApiKeyResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  get(@Param('id') id: string): Promise<ApiKeyResponse> {
    return this.keys.get(id);
  }

  /**
   * Creates a key (audited). The answer carries `key`, shown this once: send it as
   * `Authorization: Bearer <key>`. 422 VAL-001 for a missing name, an unknown scope or a past expiry.
   */
  @Post()
  @ApiOperation({ summary: 'Create an API key (the key is in this answer only)' })
  @ApiCreatedResponse({ type: CreatedApiKeyResponse })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001' })
  create(@Body() dto: CreateApiKeyDto, @CurrentUser() user: User): Promise<CreatedApiKeyResponse> {
    return this.keys.create(dto, user);
  }

  /** Revokes a key (audited); the record stays, marked revoked. Idempotent. 404 REQ-404. */
  @Delete(':id')
  @ApiOperation({ summary: 'Revoke an API key' })
  @ApiOkResponse({ type: ApiKeyResponse })
  @ApiNotFoundResponse({ description: 'REQ-404' })
  revoke(@Param('id') id: string, @CurrentUser() user: User): Promise<ApiKeyResponse> {
    return this.keys.revoke(id, user);
  }
}
