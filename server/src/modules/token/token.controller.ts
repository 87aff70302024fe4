import { Controller, Get, Query } from '@nestjs/common';
import { ApiGoneResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { toApplicationRecord } from '../applications/dto/application-record.dto.js';
import { TokenCheckResponse } from './dto/token-check.dto.js';
import { TokenService } from './token.service.js';

/** Spec §7 `GET /api/token/check`. */
@ApiTags('applications')
@Controller('token')
export class TokenController {
  constructor(private readonly tokens: TokenService) {}

  /** Checks a tokenised link and answers the application record to set up the form (spec §2 entry guard). */
  @Get('check')
  @ApiOperation({ summary: 'Validate an application token; data is the application record' })
  @ApiQuery({ name: 'token', required: true })
  @ApiOkResponse({ type: TokenCheckResponse })
  @ApiNotFoundResponse({ description: 'TKN-001 missing or unknown token' })
  @ApiGoneResponse({ description: 'TKN-002 application can no longer be opened; TKN-003 expired' })
  async check(@Query('token') token?: string): Promise<TokenCheckResponse> {
    const { application, purpose } = await this.tokens.resolve(typeof token === 'string' ? token : undefined);
    return { success: true, code: 'TKN-000', purpose, data: toApplicationRecord(application) };
  }
}
