/**
 * Shapes of the reading-queue API (docs/api.md "Reading queue", issue 15 item 2).
 */

/** What a reader recommends. */
export type Recommendation = 'admit' | 'waitlist' | 'deny' | 'discuss';

/** The recommendations, in the order the form offers them. */
export const RECOMMENDATIONS: readonly Recommendation[] = ['admit', 'waitlist', 'deny', 'discuss'];

/** A review criterion with its label per language. */
export interface ReviewCriterion {
  id: number;
  labelEn: string;
  labelEs: string;
  labelZhCn: string;
  position: number;
  active: boolean;
}

/** One rating of a review. */
export interface Rating {
  criterionId: number;
  rating: number;
}

/** One reader's review. */
export interface Review {
  id: string;
  applicationId: string;
  readerId: string;
  readerName: string;
  readerEmail: string;
  ratings: Rating[];
  recommendation: Recommendation;
  comments: string;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/admin/applications/:id/reviews. */
export interface ReviewSummary {
  criteria: ReviewCriterion[];
  averages: { criterionId: number; average: number; count: number }[];
  overall: number | null;
  recommendations: Record<Recommendation, number>;
  reviews: Review[];
  readers: { id: string; name: string; email: string; assignedAt: string; reviewed: boolean }[];
  mine: Review | null;
}

/** One row of GET /api/admin/queue. */
export interface QueueItem {
  id: string;
  referenceNumber: string;
  firstName: string;
  lastName: string;
  fieldOfInterest: string;
  semesterApplied: string;
  status: string;
  assignedAt: string;
  reviewedAt: string | null;
  recommendation: Recommendation | null;
}

/** The review form's values: criterion id → rating (0 = not rated yet). */
export interface ReviewFormValues {
  ratings: Record<number, number>;
  recommendation: Recommendation | '';
  comments: string;
}
