import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  RECOMMENDATION_SLOTS,
  RECOMMENDATION_STATUSES,
  type RecommendationSlot,
  type RecommendationStatus,
} from '../recommendation-slots.js';
import type { Recommendation, RecommendationAnswers } from '../recommendation.entity.js';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Body of `POST /api/applications/:id/recommendations`: who to ask, for which slot of the references step. */
export class RequestRecommendationDto {
  @ApiProperty({
    enum: RECOMMENDATION_SLOTS,
    description: 'firstRecommender, secondRecommender or thirdRecommender of the references step',
  })
  @IsIn(RECOMMENDATION_SLOTS)
  slot: RecommendationSlot;

  @ApiProperty({ maxLength: 100 }) @Transform(trimmed) @IsString() @IsNotEmpty() @MaxLength(100) name: string;
  @ApiProperty({ maxLength: 254 }) @Transform(trimmed) @IsEmail() @MaxLength(254) email: string;
  @ApiProperty({ maxLength: 50 }) @Transform(trimmed) @IsString() @IsNotEmpty() @MaxLength(50) relationship: string;

  @ApiProperty({ description: 'the applicant waives the right to see the letter' })
  @IsBoolean()
  waived: boolean;
}

/** Body of `POST /api/recommendations/answers`: the short form instead of a letter. */
export class RecommendationAnswersDto implements RecommendationAnswers {
  @ApiProperty({ maxLength: 2000, description: 'how long and in what role the recommender knows the applicant' })
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty()
  @MaxLength(2000)
  acquaintance: string;

  @ApiProperty({ maxLength: 5000 }) @Transform(trimmed) @IsString() @IsNotEmpty() @MaxLength(5000) strengths: string;

  @ApiProperty({ enum: ['strongly', 'recommend', 'reservations', 'not'] })
  @IsIn(['strongly', 'recommend', 'reservations', 'not'])
  overall: RecommendationAnswers['overall'];

  @ApiPropertyOptional({ maxLength: 5000 }) @Transform(trimmed) @IsOptional() @IsString() @MaxLength(5000) comments?: string;
}

/** A request as the applicant sees it. */
export class RecommendationView {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: RECOMMENDATION_SLOTS }) slot: RecommendationSlot;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty() relationship: string;
  @ApiProperty() waived: boolean;
  @ApiProperty({ enum: RECOMMENDATION_STATUSES, description: 'requested · opened · received' }) status: RecommendationStatus;
  @ApiProperty({ format: 'date-time' }) requestedAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'when the last e-mail with a link went out' }) lastSentAt:
    string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) openedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) receivedAt: string | null;
  @ApiProperty({ format: 'date-time', description: 'when the link stops working' }) expiresAt: string;
  @ApiProperty({ description: 'reminders e-mailed so far' }) remindersSent: number;
  @ApiProperty({ enum: ['letter', 'form'], nullable: true, description: 'how the recommender answered' }) answeredWith:
    'letter' | 'form' | null;
}

/** Answer of `GET /api/applications/:id/recommendations`. */
export class RecommendationListResponse {
  @ApiProperty() success: true;
  @ApiProperty({ type: [RecommendationView] }) data: RecommendationView[];
}

/** Answer of `POST /api/applications/:id/recommendations` and `…/:rid/resend`. */
export class RecommendationResponse {
  @ApiProperty() success: true;
  @ApiProperty({ type: RecommendationView }) data: RecommendationView;
}

/** What a recommender's link shows: who asked, for which program, and nothing else of the application. */
export class RecommenderRequestView {
  @ApiProperty({ description: "the applicant's first and last name" }) applicantName: string;
  @ApiProperty({ description: 'label of the field of interest' }) program: string;
  @ApiProperty({ description: "the term's key (`semesterApplied`)" }) semester: string;
  @ApiProperty({ description: 'the recommender, as the applicant named them' }) recommenderName: string;
  @ApiProperty({ description: 'the applicant waived the right to see the letter' }) waived: boolean;
  @ApiProperty({ enum: ['requested', 'opened'] }) status: RecommendationStatus;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
  @ApiProperty({ enum: ['en', 'es', 'zh-CN'], description: "the application's language (the page's default)" }) locale: string;
}

/** Answer of `GET /api/recommendations/request`. */
export class RecommenderRequestResponse {
  @ApiProperty() success: true;
  @ApiProperty({ type: RecommenderRequestView }) data: RecommenderRequestView;
}

/** Answer of `POST /api/recommendations/letter` and `…/answers`: the request is received and its link has ended. */
export class RecommenderSubmitResponse {
  @ApiProperty() success: true;
  @ApiProperty({ enum: ['received'] }) status: 'received';
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Maps a row to the applicant's view. */
export function toRecommendationView(row: Recommendation): RecommendationView {
  return {
    id: row.id,
    slot: row.slot,
    name: row.name,
    email: row.email,
    relationship: row.relationship,
    waived: row.waived,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    lastSentAt: iso(row.lastSentAt),
    openedAt: iso(row.openedAt),
    receivedAt: iso(row.receivedAt),
    expiresAt: row.expiresAt.toISOString(),
    remindersSent: row.remindersSent,
    answeredWith: row.status !== 'received' ? null : row.attachmentId ? 'letter' : 'form',
  };
}
