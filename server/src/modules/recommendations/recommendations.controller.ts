import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Req, UseGuards } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Request as ExpressRequest } from 'express';
import { RateLimited } from '../../common/http/throttle.js';
import { OptionalBearerAuthGuard } from '../auth/auth.guards.js';
import { ApplicationAccessService } from '../token/application-access.service.js';
import type { User } from '../users/user.entity.js';
import { RecommendationListResponse, RecommendationResponse, RequestRecommendationDto } from './dto/recommendation.dto.js';
import { RecommendationsService } from './recommendations.service.js';

type Request = ExpressRequest & { user?: User };

/**
 * The applicant's side of recommendations (issue 15 item 1): the recommenders of an application's
 * references step, their requests and statuses. Caller: the application's token (`X-Application-Token` or
 * `?token`), its logged-in owner, or an admin (401/403 otherwise, logged).
 */
@ApiTags('recommendations')
@Controller('applications/:id/recommendations')
@UseGuards(OptionalBearerAuthGuard)
@ApiHeader({ name: 'X-Application-Token', required: false, description: 'the application token (or query `token`)' })
@ApiForbiddenResponse({ description: 'AUTH-403 not the caller’s application' })
export class RecommendationsController {
  constructor(
    private readonly access: ApplicationAccessService,
    private readonly recommendations: RecommendationsService,
  ) {}

  /** The live requests (one per slot at most) with their status: requested · opened · received. */
  @Get()
  @ApiOperation({ summary: "List an application's recommendation requests and their status" })
  @ApiOkResponse({ type: RecommendationListResponse })
  async list(@Param('id', new ParseUUIDPipe()) id: string, @Req() request: Request): Promise<RecommendationListResponse> {
    const application = await this.access.authorize(request, id);
    return { success: true, data: await this.recommendations.list(application) };
  }

  /**
   * Names a recommender for a slot and sends the request e-mail (a job; in the application's language) with
   * a link valid RECOMMENDATION_LINK_DAYS days. Replaces the slot's current recommender, whose link stops working.
   */
  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Request a recommendation (replaces the slot’s recommender)' })
  @ApiCreatedResponse({ type: RecommendationResponse })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001 slot, name, email, relationship or waived' })
  @ApiConflictResponse({ description: 'REC-409-received the slot’s recommender has already answered' })
  async request(
    @Param('id', new ParseUUIDPipe()) id: string,
    @Req() request: Request,
    @Body() dto: RequestRecommendationDto,
  ): Promise<RecommendationResponse> {
    const application = await this.access.authorize(request, id);
    return { success: true, data: await this.recommendations.request(application, dto) };
  }

  /** E-mails the recommender a new link (the previous one stops working). Rate limited per request and per client. */
  @Post(':rid/resend')
  @HttpCode(200)
  @RateLimited()
  @ApiOperation({ summary: 'Resend a recommendation request (at most RECOMMENDATION_RESENDS_PER_HOUR an hour)' })
  @ApiOkResponse({ type: RecommendationResponse })
  @ApiNotFoundResponse({ description: 'REC-404 no such live request of this application' })
  @ApiConflictResponse({ description: 'REC-409-received the recommender has already answered' })
  async resend(
    @Param('id', new ParseUUIDPipe()) id: string,
    @Param('rid', new ParseUUIDPipe()) rid: string,
    @Req() request: Request,
  ): Promise<RecommendationResponse> {
    const application = await this.access.authorize(request, id);
    return { success: true, data: await this.recommendations.resend(application, rid) };
  }

  /** Removes a recommender who has not answered: the link stops working (404 TKN-001) and the slot's reference status is `Not requested` again. */
  @Delete(':rid')
  @ApiOperation({ summary: 'Remove a recommender (revokes the link)' })
  @ApiOkResponse({ schema: { example: { success: true } } })
  @ApiNotFoundResponse({ description: 'REC-404 no such live request of this application' })
  @ApiConflictResponse({ description: 'REC-409-received the recommender has already answered' })
  async remove(
    @Param('id', new ParseUUIDPipe()) id: string,
    @Param('rid', new ParseUUIDPipe()) rid: string,
    @Req() request: Request,
  ): Promise<{ success: true }> {
    const application = await this.access.authorize(request, id);
    await this.recommendations.remove(application, rid);
    return { success: true };
  }
}
