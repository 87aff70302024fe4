/**
 * Shapes of the reading-queue API (docs/api.md "Reading queue", issue 15 item 2), from the contract; the
 * form's values are the console's own.
 */
import type { Schema } from '../api/contract-types';

/** A review criterion with its label per language. */
export type ReviewCriterion = Schema<'ReviewCriterionResponse'>;

/** One rating of a review. */
export type Rating = Schema<'RatingDto'>;

/** One reader's review. */
export type Review = Schema<'ReviewResponse'>;

/** GET /api/admin/applications/:id/reviews. */
export type ReviewSummary = Schema<'ReviewSummaryResponse'>;

/** One row of GET /api/admin/queue. */
export type QueueItem = Schema<'QueueItemResponse'>;

/** What a reader recommends. */
export type Recommendation = Review['recommendation'];

/** The recommendations, in the order the form offers them. */
export const RECOMMENDATIONS = ['admit', 'waitlist', 'deny', 'discuss'] as const satisfies readonly Recommendation[];

/** The review form's values: criterion id → rating (0 = not rated yet). */
export interface ReviewFormValues {
  ratings: Record<number, number>;
  recommendation: Recommendation | '';
  comments: string;
}
