/**
 * The application form steps (DESIGN §3: 1 Personal … 7 Review and certify, 8 Payment) and the step
 * resolution rules of the form routes. Which steps apply to an application comes from the server's
 * requirements (`steps`); steps not in that list are skipped in navigation and in the indicator.
 */

/** Every application step, in order; `key` names the i18n label `steps.<key>`. */
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

/** Highest step number of the form. */
export const MAX_AVAILABLE_STEP = APPLICATION_STEPS.length;

/** The review-and-certify step. */
export const REVIEW_STEP = 7;

/** The payment step (built by the payment feature). */
export const PAYMENT_STEP = 8;

/** Steps that apply when the requirements are not known: all but the prerequisites. */
export const DEFAULT_STEPS: readonly number[] = [1, 2, 3, 4, 6, 7, 8];

/** Every step number: what the routes accept while the requirements are not loaded yet. */
export const ALL_STEPS: readonly number[] = APPLICATION_STEPS.map((s) => s.number);

/** i18n key name of a step (`steps.<key>`). */
export function stepKey(step: number): (typeof APPLICATION_STEPS)[number]['key'] {
  return APPLICATION_STEPS.find((s) => s.number === step)?.key ?? 'personal';
}

/** Parses a step value (`"2"`, `2`) to a positive integer, or null ("an integer, or none", spec §2). */
export function stepFromValue(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? value : null;
  if (typeof value !== 'string' || !/^\d{1,3}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n > 0 ? n : null;
}

/** The applicable steps, sorted, always containing step 1. */
function normalise(steps: readonly number[]): number[] {
  const set = new Set(steps.filter((s) => Number.isInteger(s) && s >= 1 && s <= MAX_AVAILABLE_STEP));
  set.add(1);
  return [...set].sort((a, b) => a - b);
}

/** The next applicable step after `step`, or null at the end. */
export function nextStep(step: number, steps: readonly number[] = DEFAULT_STEPS): number | null {
  return normalise(steps).find((s) => s > step) ?? null;
}

/** The previous applicable step before `step`, or null at the start. */
export function previousStep(step: number, steps: readonly number[] = DEFAULT_STEPS): number | null {
  const before = normalise(steps).filter((s) => s < step);
  return before.length ? before[before.length - 1]! : null;
}

/**
 * The step to show: the requested one (route param, else `step` query), or the record's
 * `stepReached` when none; never beyond the step reached, and always an applicable step (a skipped
 * step resolves to the applicable step before it).
 */
export function resolveStep(requested: number | null, stepReached: unknown, steps: readonly number[] = ALL_STEPS): number {
  const applicable = normalise(steps);
  const reached = Math.min(stepFromValue(stepReached) ?? 1, MAX_AVAILABLE_STEP);
  const wanted = requested === null ? reached : Math.max(1, Math.min(requested, reached));
  const atOrBefore = applicable.filter((s) => s <= wanted);
  return atOrBefore[atOrBefore.length - 1] ?? 1;
}
