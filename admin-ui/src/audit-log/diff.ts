/**
 * The before/after comparison of an audit-log entry: both records flattened to dotted paths
 * (`options.2.label`), side by side, each path marked added, removed, changed or unchanged. Pure, so
 * the audit-log Show view only renders it.
 */

/** How a path differs between before and after. */
export type ChangeKind = 'added' | 'removed' | 'changed' | 'unchanged';

/** One row of the comparison; `before`/`after` are `undefined` where the path does not exist. */
export interface DiffRow {
  path: string;
  before: unknown;
  after: unknown;
  change: ChangeKind;
}

/** Sentinel-free "absent" marker: a path missing on one side. */
const ABSENT = undefined;

/**
 * Flattens a value to `path → leaf`. Objects and arrays are walked (array items by index); empty
 * objects and arrays, primitives and null are leaves. The root of a primitive is the path `''`.
 */
export function flatten(value: unknown, prefix = '', out: Map<string, unknown> = new Map()): Map<string, unknown> {
  const isContainer = value !== null && typeof value === 'object';
  const entries = isContainer ? Object.entries(value as Record<string, unknown>) : [];
  if (!isContainer || entries.length === 0) {
    out.set(prefix, value);
    return out;
  }
  for (const [key, child] of entries) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  return out;
}

/** Structural equality of two leaves (empty containers compare by JSON). */
function sameLeaf(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Compares two records. A null/undefined side counts as "no record" (a create or a delete): every
 * path of the other side is then added or removed. Row order: the paths of `before` in their order,
 * then the paths only `after` has.
 */
export function diffRecords(before: unknown, after: unknown): DiffRow[] {
  const left = before === null || before === undefined ? new Map<string, unknown>() : flatten(before);
  const right = after === null || after === undefined ? new Map<string, unknown>() : flatten(after);
  const paths = [...left.keys(), ...[...right.keys()].filter((k) => !left.has(k))];
  return paths.map((path) => {
    const inLeft = left.has(path);
    const inRight = right.has(path);
    const b = inLeft ? left.get(path) : ABSENT;
    const a = inRight ? right.get(path) : ABSENT;
    const change: ChangeKind = !inLeft ? 'added' : !inRight ? 'removed' : sameLeaf(b, a) ? 'unchanged' : 'changed';
    return { path, before: b, after: a, change };
  });
}

/** The paths that differ (the entry's "what" in one line, e.g. `active, expiresAt`). */
export function changedPaths(rows: DiffRow[]): string[] {
  return rows.filter((r) => r.change !== 'unchanged').map((r) => r.path);
}

/**
 * A leaf for display: strings as they are, null as `null`, absent as empty, everything else as JSON.
 */
export function formatLeaf(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
