import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiGoneResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { RecommendationAnswersDto, RecommenderRequestResponse, RecommenderSubmitResponse } from './dto/recommendation.dto.js';
import { RecommendationsService, recommendationTokenOf } from './recommendations.service.js';
import { I18nService } from '../../common/i18n/i18n.service.js';

const TOKEN_ERRORS_404 = 'TKN-001 missing, unknown, superseded by a newer e-mail, or revoked (recommender removed or replaced)';
const TOKEN_ERRORS_410 = 'TKN-004 already answered (the link has ended); TKN-003 expired; TKN-002 application withdrawn';

/**
 * The recommender's side (issue 15 item 1): no account, only the e-mailed link's token in
 * `X-Recommendation-Token`. The token opens its own request and nothing else: who asked, for which program,
 * and the two ways to answer. Answering ends the link.
 */
@ApiTags('recommendations')
@Controller('recommendations')
@ApiHeader({ name: 'X-Recommendation-Token', required: true, description: 'the token of the recommender’s link' })
@ApiNotFoundResponse({ description: TOKEN_ERRORS_404 })
@ApiGoneResponse({ description: TOKEN_ERRORS_410 })
export class RecommenderController {
  constructor(
    private readonly recommendations: RecommendationsService,
    private readonly i18n: I18nService,
  ) {}

  /** Who asked (applicant's name), for which program and semester, and whether the letter is confidential. The first call marks the request `opened`. */
  @Get('request')
  @ApiOperation({ summary: 'The request a recommender’s link opens' })
  @ApiOkResponse({ type: RecommenderRequestResponse })
  async request(@Req() request: Request): Promise<RecommenderRequestResponse> {
    const viewer = request.headers['accept-language'] ? this.i18n.localeOf(request) : undefined;
    return { success: true, data: await this.recommendations.open(recommendationTokenOf(request), viewer) };
  }

  /** Uploads the letter (multipart field `file`: PDF, JPEG, PNG, DOC or DOCX, ≤ UPLOAD_MAX_FILE_BYTES, virus-scanned when configured); ends the link. */
  @Post('letter')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send the recommendation letter (ends the link)' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiOkResponse({ type: RecommenderSubmitResponse })
  @ApiUnprocessableEntityResponse({
    description:
      'VAL-001 not multipart; with errors.file: ATT-001 no file, ATT-002 empty, ATT-003 too large, ATT-004 type, ATT-005 infected, ' +
      'ATT-006…ATT-012 active or unreadable content (see the attachment upload)',
  })
  async letter(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<RecommenderSubmitResponse> {
    await this.recommendations.submitLetter(request, response);
    return { success: true, status: 'received' };
  }

  /** Answers the short form instead of a letter; ends the link. */
  @Post('answers')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send the short recommendation form (ends the link)' })
  @ApiOkResponse({ type: RecommenderSubmitResponse })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001 acquaintance, strengths, overall or comments' })
  async answers(@Req() request: Request, @Body() dto: RecommendationAnswersDto): Promise<RecommenderSubmitResponse> {
    await this.recommendations.submitAnswers(recommendationTokenOf(request), dto);
    return { success: true, status: 'received' };
  }
}
