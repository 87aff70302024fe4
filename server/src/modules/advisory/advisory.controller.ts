import { Controller, Get, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { I18nService } from '../../common/i18n/i18n.service.js';
import { AdvisoryService } from './advisory.service.js';
import { AdvisoryBannerResponse } from './dto/advisory.dto.js';

/** `GET /api/advisory`: the advisory banner of the main layout (spec §1, §2). Public. */
@ApiTags('advisory')
@Controller('advisory')
export class AdvisoryController {
  constructor(
    private readonly advisory: AdvisoryService,
    private readonly i18n: I18nService,
  ) {}

  /** The lines to show now, in order: `text` in the caller's language (Accept-Language) and `texts` in all three. */
  @Get()
  @ApiOperation({ operationId: 'getAdvisoryBanner', summary: 'Advisory banner lines (upcoming deadlines)' })
  @ApiOkResponse({ type: AdvisoryBannerResponse })
  async banner(@Req() request: Request): Promise<AdvisoryBannerResponse> {
    return { success: true, data: await this.advisory.banner(this.i18n.localeOf(request)) };
  }
}
