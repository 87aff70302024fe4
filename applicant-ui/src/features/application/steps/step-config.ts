/**
 * The application form steps available in this build (DESIGN §3: 1 Personal, 2 Family; later steps
 * come in later issues) and the step resolution rules of the form routes.
 */

/** Steps shown in the indicator, in order; `key` names the i18n label `steps.<key>`. */
export const APPLICATION_STEPS = [
  { number: 1, key: 'personal' },
  { number: 2, key: 'family' },
  { number: 8, key: 'payment' },
] as const;

/** Highest step this build can show. */
export const MAX_AVAILABLE_STEP = Math.max(...APPLICATION_STEPS.map((s) => s.number));

/** Parses a step value (`"2"`, `2`) to a positive integer, or null ("an integer, or none", spec §2). */
export function stepFromValue(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? value : null;
  if (typeof value !== 'string' || !/^\d{1,3}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n > 0 ? n : null;
}

/**
 * The step to show: the requested one (route param, else `step` query), or the record's
 * `stepReached` when none; never beyond the step reached nor beyond {@link MAX_AVAILABLE_STEP}.
 */
export function resolveStep(requested: number | null, stepReached: unknown): number {
  const reached = Math.min(stepFromValue(stepReached) ?? 1, MAX_AVAILABLE_STEP);
  const wanted = requested === null ? reached : Math.max(1, Math.min(requested, reached));
  // the highest available step at or below the wanted one (steps may be missing from a build)
  const available = APPLICATION_STEPS.map((s) => s.number as number).filter((n) => n <= wanted);
  return available.length ? Math.max(...available) : 1;
}
