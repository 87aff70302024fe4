/**
 * The class taking shape (issue 29 item 5) for the console: the rows of `GET /api/admin/class-shape` (one per
 * offering, docs/api.md "The class taking shape") and the pure helpers of the Class page — the totals of the
 * rows shown (the same sum as the server's, `contract/format/class-shape.ts`), the decline reasons over all
 * of them, and how a row's seats read.
 */
import type { Schema } from '../api/contract-types';
import { sumClassShape, type ClassShapeSum } from '../../../contract/format/class-shape';

/** One offering of the class view (contract `ClassShapeRowResponse`; `id` is the offering id). */
export type ClassShapeRecord = Schema<'ClassShapeRowResponse'>;

/** One decline reason of a row: the option value (null: none recorded), its label in the admin's language and the count. */
export type ReasonCount = ClassShapeRecord['declineReasons'][number];

/** The totals of the rows shown (counts added up, seats null when any offering has no limit). */
export function classTotals(rows: readonly ClassShapeRecord[]): ClassShapeSum {
  return sumClassShape(rows);
}

/**
 * The decline reasons of all `rows` merged by value, most frequent first (ties by label), declines without a
 * reason last; each with its label as the rows give it.
 */
export function reasonBreakdown(rows: readonly ClassShapeRecord[]): ReasonCount[] {
  const merged = new Map<string | null, ReasonCount>();
  for (const row of rows) {
    for (const r of row.declineReasons) {
      const seen = merged.get(r.reason);
      merged.set(r.reason, { reason: r.reason, label: seen?.label ?? r.label, count: (seen?.count ?? 0) + r.count });
    }
  }
  return [...merged.values()].sort(
    (a, b) => Number(a.reason === null) - Number(b.reason === null) || b.count - a.count || (a.label ?? '').localeCompare(b.label ?? ''),
  );
}

/**
 * How a row's seats stand: `unlimited` (no limit), `over` (more accepted than seats), `full` (exactly as many),
 * `open` (seats left).
 */
export function seatState(row: Pick<ClassShapeRecord, 'seats' | 'accepted'>): 'unlimited' | 'over' | 'full' | 'open' {
  if (row.seats === null) return 'unlimited';
  if (row.accepted > row.seats) return 'over';
  return row.accepted === row.seats ? 'full' : 'open';
}

/** Whether any decision has been released in `totals` (an admit or a waitlist place). */
export function hasDecisions(totals: Pick<ClassShapeSum, 'admitted' | 'waitlisted' | 'deferred'>): boolean {
  return totals.admitted + totals.waitlisted + totals.deferred > 0;
}
