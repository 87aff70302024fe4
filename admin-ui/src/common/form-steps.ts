/**
 * The applicant form's step keys (docs/api.md "Session and time log"), shared by the dashboard (funnel,
 * time per step) and the application page (answers grouped by step).
 */

/** Application steps 1–8 in form order (spec §3, DESIGN §3). */
export const APPLICATION_STEP_KEYS = [
  'personal',
  'family',
  'education',
  'employment',
  'prerequisites',
  'references',
  'review',
  'payment',
] as const;

/** Every step key the time log knows, in form order: application steps 1–8, then the details form. */
export const STEP_KEYS = [...APPLICATION_STEP_KEYS, 'documents', 'finish'] as const;

/** Number of application steps (the funnel's length; spec §3). */
export const APPLICATION_STEPS = APPLICATION_STEP_KEYS.length;
