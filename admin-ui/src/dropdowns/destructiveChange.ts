/**
 * Which saved option values a dropdown edit would take away (issue 5 item 7: confirmation before a
 * destructive change). Removing an option or changing its stored value both make the old value
 * unavailable to applicants; changing only a label, or the order, keeps every value and is not
 * destructive.
 */
/** What this check reads of an option: its stored value (labels never make a change destructive). */
type Valued = { value: string };

/**
 * The values of `saved` (the record as last saved) that `edited` (the form) no longer has, in their
 * saved order, each once. Values are compared trimmed, as {@link toDropdownPayload} sends them.
 */
export function lostOptionValues(saved: readonly Valued[] | undefined, edited: readonly (Valued | undefined)[] | undefined): string[] {
  const kept = new Set((edited ?? []).map((o) => String(o?.value ?? '').trim()));
  const lost: string[] = [];
  for (const option of saved ?? []) {
    const value = String(option?.value ?? '').trim();
    if (value && !kept.has(value) && !lost.includes(value)) lost.push(value);
  }
  return lost;
}
