/**
 * The class taking shape (issue 29 item 5) — the arithmetic the server (`GET /api/admin/class-shape`, its CSV
 * and the `classShape` totals of `GET /api/admin/stats`) and the console's Class page share, so that a term's
 * total is the same sum everywhere.
 *
 * Counts are of released decisions only (an application `decided`, its decision released) in an offering
 * (program × term):
 * - `admitted`: admit decisions; of those, by the applicant's reply: `accepted`, `declined`,
 *   `deferralRequested` (a request the office has not answered), `noReply` (none yet);
 * - `deferred`: applications an approved deferral moved out of the offering (to a later term);
 * - `waitlisted`: waitlist decisions; of those `waitlistStaying`, `waitlistWithdrawn`, `waitlistNoReply`;
 * - the enrollment deposit (issue 29 item 2): `deposited` — accepted offers whose deposit is paid (or waived) and
 *   stands (of `accepted`); `lapsed` — admits whose accepted offer lapsed for want of the deposit (of `admitted`,
 *   beside accepted, declined…); `melt` — deposits paid and then lost: the applicant declined or was withdrawn, or
 *   the office refunded or voided the deposit (applications withdrawn since are counted here, and nowhere else).
 * Seats are the offering's `seats` (null: no limit); accepted offers count against them (a lapsed offer frees its seat).
 */

/** The counts of a class-shape line, in the order the console and the CSV show them. */
export const CLASS_SHAPE_COUNTS = [
  'admitted',
  'accepted',
  'declined',
  'deferralRequested',
  'deferred',
  'noReply',
  'waitlisted',
  'waitlistStaying',
  'waitlistWithdrawn',
  'waitlistNoReply',
  'deposited',
  'lapsed',
  'melt',
] as const;

/** One of {@link CLASS_SHAPE_COUNTS}. */
export type ClassShapeCount = (typeof CLASS_SHAPE_COUNTS)[number];

/** Every count of {@link CLASS_SHAPE_COUNTS}, each a whole number of applications. */
export type ClassShapeCounts = Record<ClassShapeCount, number>;

/** One decline reason of a line: the `declineReasons` option value (null: none recorded) and how many declined with it. */
export interface ReasonCount {
  reason: string | null;
  count: number;
}

/** One offering's line: its counts, its seats (null: no limit) and its decline reasons. */
export interface ClassShapeLine extends ClassShapeCounts {
  seats: number | null;
  declineReasons: readonly ReasonCount[];
}

/** The sum of several lines (a term, or everything). */
export interface ClassShapeSum extends ClassShapeCounts {
  /** How many lines (offerings) were summed. */
  offerings: number;
  /** The seats of all the offerings; null when any of them has no limit (or there is none). */
  seats: number | null;
  /** Offerings whose accepted offers exceed their seats. */
  overCapacity: number;
  /** Declines per reason value; the key `''` counts declines without a recorded reason. */
  declineReasons: Record<string, number>;
}

/** Seats still free: `seats − accepted` (negative when over capacity); null when the offering has no limit. */
export function seatsLeft(seats: number | null, accepted: number): number | null {
  return seats === null ? null : seats - accepted;
}

/** Whether more offers were accepted than the offering has seats (never for an offering without a limit). */
export function isOverCapacity(seats: number | null, accepted: number): boolean {
  return seats !== null && accepted > seats;
}

/** A line of zeros (no limit, no reasons). */
export function emptyCounts(): ClassShapeCounts {
  return Object.fromEntries(CLASS_SHAPE_COUNTS.map((key) => [key, 0])) as ClassShapeCounts;
}

/**
 * The sum of `lines`: every count added, reasons merged by value, seats added (null as soon as one line has
 * no limit), and how many lines are over capacity. An empty list sums to zeros with `seats: null`.
 */
export function sumClassShape(lines: readonly ClassShapeLine[]): ClassShapeSum {
  const sum: ClassShapeSum = { ...emptyCounts(), offerings: 0, seats: null, overCapacity: 0, declineReasons: {} };
  let unlimited = lines.length === 0;
  let seats = 0;
  for (const line of lines) {
    sum.offerings += 1;
    for (const key of CLASS_SHAPE_COUNTS) sum[key] += line[key];
    if (line.seats === null) unlimited = true;
    else seats += line.seats;
    if (isOverCapacity(line.seats, line.accepted)) sum.overCapacity += 1;
    for (const { reason, count } of line.declineReasons) {
      const key = reason ?? '';
      sum.declineReasons[key] = (sum.declineReasons[key] ?? 0) + count;
    }
  }
  sum.seats = unlimited ? null : seats;
  return sum;
}
