import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { RateLimited } from '../../common/http/throttle.js';
import { I18nService } from '../../common/i18n/i18n.service.js';
import { ApplicationsService } from './applications.service.js';
import { ContinueDto, ContinueResponse } from './dto/my-applications.dto.js';

/** `/continue` (DESIGN §3): e-mail fresh links to an address's open applications. */
@ApiTags('applications')
@Controller('continue')
export class ContinueController {
  constructor(
    private readonly applications: ApplicationsService,
    private readonly i18n: I18nService,
  ) {}

  /**
   * Answers 202 with the same body whether or not the address is known (no account enumeration); the
   * links are sent in the background, one e-mail per open application, in its locale. Rate limited per IP.
   */
  @Post()
  @HttpCode(202)
  @RateLimited()
  @ApiOperation({ operationId: 'sendContinueLink', summary: 'E-mail a fresh link for each open application of this address' })
  @ApiAcceptedResponse({ type: ContinueResponse })
  send(@Body() dto: ContinueDto, @Req() request: Request): ContinueResponse {
    this.applications.continueByEmail(dto.email);
    return { success: true, message: this.i18n.t('messages.continueSent', this.i18n.localeOf(request)) };
  }
}
