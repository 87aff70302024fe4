import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { RECOMMENDATIONS, type Recommendation } from '../application-review.entity.js';
import { ReviewCriterionResponse } from './review-criterion.dto.js';

/** One rating of a review. */
export class RatingDto {
  @ApiProperty({ description: 'a review criterion id (GET /api/admin/review-criteria)' }) @IsInt() criterionId: number;
  @ApiProperty({ minimum: 1, maximum: 5 }) @IsInt() @Min(1) @Max(5) rating: number;
}

/**
 * `PUT /api/admin/applications/:id/reviews/mine`: the caller's review. `ratings` must rate every active
 * criterion once (422 VAL-001: `errors.ratings` REV-422-missing with `data.missing`, or
 * `errors["ratings.<i>.criterionId"]` REV-422-criterion for an unknown or archived one).
 */
export class SaveReviewDto {
  @ApiProperty({ type: [RatingDto] })
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => RatingDto)
  ratings: RatingDto[];
  @ApiProperty({ enum: RECOMMENDATIONS }) @IsIn(RECOMMENDATIONS) recommendation: Recommendation;
  @ApiPropertyOptional({ maxLength: 10000 }) @IsOptional() @IsString() @MaxLength(10000) comments?: string;
}

/** One reader's review. */
export class ReviewResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) applicationId: string;
  @ApiProperty({ format: 'uuid' }) readerId: string;
  @ApiProperty({ example: 'Ruth Reader' }) readerName: string;
  @ApiProperty() readerEmail: string;
  @ApiProperty({ type: [RatingDto] }) ratings: RatingDto[];
  @ApiProperty({ enum: RECOMMENDATIONS }) recommendation: Recommendation;
  @ApiProperty() comments: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

/** The average of one criterion over the application's reviews. */
export class CriterionAverage {
  @ApiProperty() criterionId: number;
  @ApiProperty({ description: 'mean rating, 2 decimals' }) average: number;
  @ApiProperty({ description: 'ratings counted' }) count: number;
}

/** How many reviews recommend each outcome. */
export class RecommendationCounts implements Record<Recommendation, number> {
  @ApiProperty() admit: number;
  @ApiProperty() waitlist: number;
  @ApiProperty() deny: number;
  @ApiProperty() discuss: number;
}

/** A reader the application is assigned to. */
export class AssignedReader {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty({ format: 'date-time' }) assignedAt: string;
  @ApiProperty() reviewed: boolean;
}

/**
 * `GET /api/admin/applications/:id/reviews`. An admin gets every review, the averages and the readers; a
 * reader (blind reading) only their own review, with empty averages, counts at 0 and no readers.
 */
export class ReviewSummaryResponse {
  @ApiProperty({ type: [ReviewCriterionResponse], description: 'active criteria, then archived ones that were rated here' })
  criteria: ReviewCriterionResponse[];
  @ApiProperty({ type: [CriterionAverage] }) averages: CriterionAverage[];
  @ApiProperty({ type: Number, nullable: true, description: 'mean of every rating given, 2 decimals; null without ratings' })
  overall: number | null;
  @ApiProperty({ type: RecommendationCounts }) recommendations: RecommendationCounts;
  @ApiProperty({ type: [ReviewResponse] }) reviews: ReviewResponse[];
  @ApiProperty({ type: [AssignedReader] }) readers: AssignedReader[];
  @ApiProperty({ nullable: true, type: ReviewResponse, description: "the caller's own review" }) mine: ReviewResponse | null;
}
