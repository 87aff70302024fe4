import { Body, Controller, Get, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { RateLimited } from '../../common/http/throttle.js';
import { PreferencesDto, PreferencesResponse, PreferencesTokenQuery } from './dto/preferences.dto.js';
import { PreferencesService } from './preferences.service.js';

/**
 * The recipient's preferences (issue 30 item 5; docs/api.md "Outreach"), public: the token of a marketing
 * message's link is the only credential. One-click unsubscribe (RFC 8058) and the preferences page.
 */
@ApiTags('outreach')
@Controller('outreach')
export class OutreachController {
  constructor(private readonly preferences: PreferencesService) {}

  /**
   * One-click unsubscribe (RFC 8058): the mailbox provider POSTs `List-Unsubscribe=One-Click`
   * (`application/x-www-form-urlencoded` or `multipart/form-data`; the body is not needed and not read) to the
   * List-Unsubscribe https URI. No login, no cookie; idempotent — the address's marketing messages stop,
   * transactional ones are still sent. 404 TKN-001 for an unknown token. Not rate limited: the providers'
   * servers post from few addresses, and the token is a 256-bit secret.
   */
  @Post('unsubscribe')
  @HttpCode(200)
  @ApiOperation({ operationId: 'unsubscribeOneClick', summary: 'One-click unsubscribe from marketing messages (RFC 8058)' })
  @ApiOkResponse({ type: PreferencesResponse })
  @ApiNotFoundResponse({ description: 'TKN-001 unknown token' })
  unsubscribe(@Query() query: PreferencesTokenQuery): Promise<PreferencesResponse> {
    return this.preferences.unsubscribe(query.token);
  }

  /**
   * The same URI opened in a browser (mail clients that only know RFC 2369 open it): 303 to the preferences
   * page `/preferences?token=…`, which offers the choice. Changes nothing (link scanners fetch with GET).
   */
  @Get('unsubscribe')
  @ApiOperation({ operationId: 'unsubscribePage', summary: 'Open the preferences page of an unsubscribe link (redirect)' })
  @ApiResponse({ status: 303, description: 'See Other: to the applicant-ui page /preferences?token=…' })
  page(@Query() query: PreferencesTokenQuery, @Res() response: Response): void {
    response.redirect(303, `/preferences?token=${encodeURIComponent(query.token)}`);
  }

  /** The link's address (masked), whether it receives marketing messages, and the message's language. 404 TKN-001. */
  @Get('preferences')
  @RateLimited()
  @ApiOperation({ operationId: 'getOutreachPreferences', summary: 'What the address of an unsubscribe link receives' })
  @ApiOkResponse({ type: PreferencesResponse })
  @ApiNotFoundResponse({ description: 'TKN-001 unknown token' })
  get(@Query() query: PreferencesTokenQuery): Promise<PreferencesResponse> {
    return this.preferences.get(query.token);
  }

  /** Turns marketing messages on or off for the link's address (the preferences page). 404 TKN-001; 422 VAL-001. */
  @Put('preferences')
  @RateLimited()
  @ApiOperation({ operationId: 'setOutreachPreferences', summary: 'Turn marketing messages on or off' })
  @ApiOkResponse({ type: PreferencesResponse })
  @ApiNotFoundResponse({ description: 'TKN-001 unknown token' })
  set(@Query() query: PreferencesTokenQuery, @Body() dto: PreferencesDto): Promise<PreferencesResponse> {
    return this.preferences.set(query.token, dto.marketing);
  }
}
