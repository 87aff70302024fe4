/**
 * The documents page's reading of the server's checklist (`GET /api/applications/:id/checklist`, the one
 * rule of what the file needs and has, issue 24): the slots the applicant still has to upload, and one
 * item per recommendation, which the recommender sends (a letter or the short form) and the applicant never uploads.
 */
import type { Checklist } from '../home/checklist-api';

/** The slot a recommendation's letter fills (`requirements.recommenderSlots`), by recommendation. */
export const RECOMMENDATION_LETTER_SLOT = { first: 'firstLetterOfRecommendation', second: 'secondLetterOfRecommendation' } as const;

/** A recommendation of the file. */
export type RecommendationKey = keyof typeof RECOMMENDATION_LETTER_SLOT;

/** One recommendation item as the documents page shows it. */
export interface RecommendationItem {
  key: RecommendationKey;
  /** The slot its letter fills (its label is `slots.<slot>`). */
  slot: string;
  /** received (letter or short form), waived by the office, or still awaited. */
  state: 'received' | 'waived' | 'awaiting';
}

/** What the file still needs, from the checklist. */
export interface FileStatus {
  /** Upload slots without a file yet. */
  missingUploads: string[];
  recommendations: RecommendationItem[];
  /** Recommendations not received yet. */
  awaitingRecommendations: number;
  /** Nothing is missing: "Send documents" completes the file (or it already completed itself). */
  ready: boolean;
}

const isRecommendationKey = (key: string): key is RecommendationKey => Object.hasOwn(RECOMMENDATION_LETTER_SLOT, key);

/** Reads the checklist's document and recommendation items; an unloaded checklist counts nothing as received. */
export function fileStatus(checklist: Checklist | null, requiredUploads: readonly string[]): FileStatus {
  if (!checklist) return { missingUploads: [...requiredUploads], recommendations: [], awaitingRecommendations: 0, ready: false };
  const missingUploads = checklist.items.filter((i) => i.kind === 'document' && i.state === 'awaiting').map((i) => i.key);
  const recommendations: RecommendationItem[] = checklist.items
    .filter((i) => i.kind === 'recommendation' && isRecommendationKey(i.key))
    .map((i) => ({
      key: i.key as RecommendationKey,
      slot: RECOMMENDATION_LETTER_SLOT[i.key as RecommendationKey],
      state: i.state === 'received' ? 'received' : i.state === 'waived' ? 'waived' : 'awaiting',
    }));
  const awaitingRecommendations = recommendations.filter((r) => r.state === 'awaiting').length;
  return { missingUploads, recommendations, awaitingRecommendations, ready: missingUploads.length === 0 && awaitingRecommendations === 0 };
}
