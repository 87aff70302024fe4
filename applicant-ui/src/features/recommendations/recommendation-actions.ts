/** What the references step offers per recommender (issue 15 item 1), kept apart from the components for tests. */
import type { Recommendation, RecommendationSlot } from './recommendations-api';

/** An action on a recommender. */
export type RecommenderAction = 'send' | 'resend' | 'replace' | 'remove';

/** The references-step field of each slot. */
export const SLOT_FIELD: Record<RecommendationSlot, 'firstRecommender' | 'secondRecommender' | 'thirdRecommender'> = {
  first: 'firstRecommender',
  second: 'secondRecommender',
  third: 'thirdRecommender',
};

/**
 * The actions a slot offers: "Send request" when nobody was asked; "Resend", "Replace" and "Remove" while the
 * request waits (requested or opened); nothing once the recommender has answered.
 */
export function actionsFor(recommendation: Recommendation | undefined): RecommenderAction[] {
  if (!recommendation) return ['send'];
  if (recommendation.status === 'received') return [];
  return ['resend', 'replace', 'remove'];
}

/** The contact fields a request needs that are empty (`name`, `email`, `relationship`). */
export function missingForRequest(
  contact: { name?: string | null; email?: string | null; relationship?: string | null } | undefined,
): string[] {
  return (['name', 'email', 'relationship'] as const).filter((k) => !contact?.[k]?.trim());
}

/** The i18n key of a status: Requested · Opened · Received. */
export function statusKey(status: Recommendation['status']): string {
  return `recommendations.status.${status}`;
}
