import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { AdminOnly, AllowReaders } from '../auth/auth.guards.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { ReviewResponse, ReviewSummaryResponse, SaveReviewDto } from './dto/review.dto.js';
import { ReviewsService } from './reviews.service.js';

/** Reviews of an application (issue 15 item 2). Readers: only applications assigned to them (404 APP-404 otherwise). */
@ApiTags('admin')
@Controller('admin/applications/:id/reviews')
@AdminOnly()
export class AdminReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  /**
   * Admins: every review, averages per criterion (2 decimals) and overall (mean of every rating),
   * recommendation counts and the assigned readers. Readers: their own review only (blind reading).
   */
  @Get()
  @AllowReaders()
  @ApiOperation({ operationId: 'getApplicationReviews', summary: 'Reviews, averages and recommendation counts of an application' })
  @ApiOkResponse({ type: ReviewSummaryResponse })
  @ApiNotFoundResponse({ description: 'APP-404' })
  summary(@Param('id') id: string, @CurrentUser() user: User): Promise<ReviewSummaryResponse> {
    return this.reviews.summary(id, user);
  }

  /**
   * Creates or replaces the caller's review: a 1–5 rating for every active criterion, a recommendation
   * (admit, waitlist, deny, discuss) and comments (≤ 10,000 characters). Audited; the first review of a
   * `complete` application moves it to `under_review` (audited).
   */
  @Put('mine')
  @AllowReaders()
  @ApiOperation({ operationId: 'saveMyReview', summary: "Save the caller's review" })
  @ApiOkResponse({ type: ReviewResponse })
  @ApiNotFoundResponse({ description: 'APP-404 unknown, or not assigned to the reader' })
  @ApiConflictResponse({ description: 'STS-409 not complete, under review or decided' })
  @ApiUnprocessableEntityResponse({ description: 'VAL-001: ratings (1–5, REV-422-criterion, REV-422-missing), recommendation' })
  save(@Param('id') id: string, @Body() dto: SaveReviewDto, @CurrentUser() user: User): Promise<ReviewResponse> {
    return this.reviews.save(id, dto, user);
  }
}
