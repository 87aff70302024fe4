/**
 * Pure diffing for autosave: which step fields changed since the last save, whether each may be
 * sent now (draft schema), and how values are written to the API (trimmed; '' → null).
 */
import type { z } from 'zod';

/** Normalises a form value for the API: strings trimmed, '' → null; objects and lists recursively (blank list rows dropped). */
export function toApiValue(value: unknown): unknown {
  if (typeof value === 'string') {
    const v = value.trim();
    return v === '' ? null : v;
  }
  if (Array.isArray(value)) {
    // list rows left completely blank (the starting blank row) are not answers
    return value.map(toApiValue).filter((row) => !isBlankRow(row));
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toApiValue(v)]));
  }
  return value;
}

function isBlankRow(row: unknown): boolean {
  return row !== null && typeof row === 'object' && !Array.isArray(row) && Object.values(row).every((v) => v === null);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(toApiValue(a)) === JSON.stringify(toApiValue(b));
}

/**
 * The changed fields, as API values, among `fields`, comparing `current` with `saved`.
 * A field is left out (kept for later) when `draftSchema` rejects its current value, unless
 * `force` is set (after the complete schema passed).
 */
export function changedFields(
  fields: readonly string[],
  current: Record<string, unknown>,
  saved: Record<string, unknown>,
  draftSchema: z.ZodObject,
  force = false,
): { changes: Record<string, unknown>; heldBack: string[] } {
  const changes: Record<string, unknown> = {};
  const heldBack: string[] = [];
  for (const f of fields) {
    if (same(current[f], saved[f])) continue;
    const fieldSchema = draftSchema.shape[f] as z.ZodType | undefined;
    if (!force && fieldSchema && !fieldSchema.safeParse(current[f]).success) {
      heldBack.push(f);
      continue;
    }
    changes[f] = toApiValue(current[f]);
  }
  return { changes, heldBack };
}
