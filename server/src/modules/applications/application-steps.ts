/**
 * The application form's steps (DESIGN §3) by number, with the stable key used for i18n labels and
 * the time log (`POST /api/timelog` `step`), plus the two steps of the details form.
 */
export const APPLICATION_STEPS = [
  { number: 1, key: 'personal' },
  { number: 2, key: 'family' },
  { number: 3, key: 'education' },
  { number: 4, key: 'employment' },
  { number: 5, key: 'prerequisites' },
  { number: 6, key: 'references' },
  { number: 7, key: 'review' },
  { number: 8, key: 'payment' },
] as const;

/** A step number of the application form, 1–8. */
export type StepNumber = (typeof APPLICATION_STEPS)[number]['number'];

/** Steps of the details form (`/details/1` documents, `/details/2` finish; DESIGN §3). */
export const DETAILS_STEPS = [
  { number: 1, key: 'documents' },
  { number: 2, key: 'finish' },
] as const;

/** Every step name the time log accepts: the application steps' keys, then the details steps' keys. */
export const TIME_LOG_STEPS: readonly string[] = [...APPLICATION_STEPS.map((s) => s.key), ...DETAILS_STEPS.map((s) => s.key)];
