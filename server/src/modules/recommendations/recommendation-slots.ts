import type { Application } from '../applications/application.entity.js';

/** The recommender slots of the references step: `firstRecommender`, `secondRecommender`, `thirdRecommender`. */
export const RECOMMENDATION_SLOTS = ['first', 'second', 'third'] as const;
/** One of {@link RECOMMENDATION_SLOTS}. */
export type RecommendationSlot = (typeof RECOMMENDATION_SLOTS)[number];

/** Where a request stands: e-mailed, link opened by the recommender, letter or form received. */
export const RECOMMENDATION_STATUSES = ['requested', 'opened', 'received'] as const;
/** One of {@link RECOMMENDATION_STATUSES}. */
export type RecommendationStatus = (typeof RECOMMENDATION_STATUSES)[number];

/**
 * The attachment slot a slot's letter fills: the form's `firstLetterOfRecommendation` and
 * `secondLetterOfRecommendation`; the third recommender's letter has a slot of its own that the form does not upload to.
 */
export const LETTER_SLOT: Record<RecommendationSlot, string> = {
  first: 'firstLetterOfRecommendation',
  second: 'secondLetterOfRecommendation',
  third: 'thirdLetterOfRecommendation',
};

/** The application column (`firstReferenceStatus` / `secondReferenceStatus`) a slot's events move; the third has none. */
export const REFERENCE_STATUS_FIELD: Record<
  RecommendationSlot,
  keyof Pick<Application, 'firstReferenceStatus' | 'secondReferenceStatus'> | null
> = {
  first: 'firstReferenceStatus',
  second: 'secondReferenceStatus',
  third: null,
};
