/**
 * Pure helpers of the reading queue: a criterion's label in the console's language, the review form's
 * starting values, its checks (the server's rules: every active criterion 1–5, a recommendation,
 * comments ≤ 10,000) and its PUT body, and the body of an assignment.
 */
import type { Schema } from '../api/contract-types';
import type { Recommendation, Review, ReviewCriterion, ReviewFormValues } from './types';

/** Longest comment the server accepts. */
export const MAX_COMMENTS = 10000;

/** The criterion's label in `locale` (en, es, zh-CN; English otherwise). */
export function criterionLabel(criterion: ReviewCriterion, locale: string): string {
  if (locale === 'es') return criterion.labelEs;
  if (locale === 'zh-CN') return criterion.labelZhCn;
  return criterion.labelEn;
}

/** The form's values: the caller's saved review, or nothing rated yet. */
export function initialValues(criteria: ReviewCriterion[], mine: Review | null): ReviewFormValues {
  const ratings: Record<number, number> = {};
  for (const c of criteria) if (c.active) ratings[c.id] = mine?.ratings.find((r) => r.criterionId === c.id)?.rating ?? 0;
  return { ratings, recommendation: mine?.recommendation ?? '', comments: mine?.comments ?? '' };
}

/** Field errors of the form as message keys: `rating.<id>`, `recommendation`, `comments`. Empty when it can be saved. */
export function reviewErrors(values: ReviewFormValues, criteria: ReviewCriterion[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const c of criteria) {
    if (!c.active) continue;
    const rating = values.ratings[c.id] ?? 0;
    if (!Number.isInteger(rating) || rating < 1 || rating > 5) errors[`rating.${c.id}`] = 'app.reviews.error_rating';
  }
  if (!values.recommendation) errors.recommendation = 'app.reviews.error_recommendation';
  if (values.comments.length > MAX_COMMENTS) errors.comments = 'app.reviews.error_comments';
  return errors;
}

/** Body of PUT /api/admin/applications/:id/reviews/mine. */
export function reviewPayload(values: ReviewFormValues, criteria: ReviewCriterion[]): Schema<'SaveReviewDto'> {
  return {
    ratings: criteria.filter((c) => c.active).map((c) => ({ criterionId: c.id, rating: values.ratings[c.id] ?? 0 })),
    recommendation: values.recommendation as Recommendation,
    comments: values.comments.trim(),
  };
}

/** What an assignment targets: chosen applications, or every one a list filter matches. */
export type AssignTarget = { applicationIds: string[] } | { filter: Record<string, unknown> };

/** Body of POST /api/admin/assignments (or …/unassign). Empty filter values are dropped, as the list drops them. */
export function assignmentPayload(target: AssignTarget, readerIds: string[]): Schema<'AssignmentDto'> {
  if ('applicationIds' in target) return { applicationIds: target.applicationIds, readerIds };
  const filter = Object.fromEntries(Object.entries(target.filter).filter(([, v]) => v !== '' && v !== undefined && v !== null));
  return { filter, readerIds };
}

/** An average with one decimal in the console's language (e.g. 4.5, 4,5), or a dash. */
export function formatAverage(value: number | null | undefined, locale: string): string {
  if (value === null || value === undefined) return '–';
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 2 }).format(value);
}
