/**
 * Routes of the admissions-cycle pages that are not react-admin resources (kept apart so App.tsx can name
 * them without loading the pages).
 */

/** The "What applicants see" page. */
export const PREVIEW_PATH = '/applicant-preview';
