import { DateTime } from 'luxon';
import type { AdmissionRound, Offering } from '../offering.entity.js';
import type { Term } from '../term.entity.js';

/**
 * The rules of an admission cycle (issue 25), as pure functions of an offering and an instant, so the
 * API, the jobs and the tests (with a fake clock) judge time the same way. Every instant is a UTC `Date`;
 * calendar arithmetic (months, days) happens in the office's zone, {@link OFFICE_ZONE}, by luxon.
 */

/** The zone the office plans its cycle in (spec §1, §9: Eastern US time). Shifts of months and days happen here. */
export const OFFICE_ZONE = 'America/New_York';

/** What the rules read of an offering. */
export type OfferingTimes = Pick<
  Offering,
  'opensAt' | 'closesAt' | 'graceDays' | 'rounds' | 'open' | 'archived' | 'applicationFeeCents' | 'lateFeeCents' | 'lateFeeStartsAt'
>;

/** Whether an applicant may start, or move to, `offering` at `now`: open, not archived, `opensAt` ≤ now < `closesAt`. */
export function isOpenAt(offering: OfferingTimes, now: Date): boolean {
  return offering.open && !offering.archived && offering.opensAt.getTime() <= now.getTime() && now.getTime() < offering.closesAt.getTime();
}

/** The instant until which drafts of `offering` may still be submitted: `closesAt` plus `graceDays` days (office calendar). */
export function submittableUntil(offering: Pick<Offering, 'closesAt' | 'graceDays'>): Date {
  if (!offering.graceDays) return offering.closesAt;
  return DateTime.fromJSDate(offering.closesAt, { zone: OFFICE_ZONE }).plus({ days: offering.graceDays }).toJSDate();
}

/** Whether a draft of `offering` may be submitted (paid) at `now`: as {@link isOpenAt}, with the grace after the close. */
export function acceptsSubmissionAt(offering: OfferingTimes, now: Date): boolean {
  return (
    offering.open &&
    !offering.archived &&
    offering.opensAt.getTime() <= now.getTime() &&
    now.getTime() < submittableUntil(offering).getTime()
  );
}

/**
 * The round an application made at `at` belongs to: the first round (by deadline) whose deadline is at or
 * after `at`; null when every deadline has passed (or there are no rounds).
 */
export function roundAt(offering: Pick<Offering, 'rounds'>, at: Date): AdmissionRound | null {
  const rounds = [...offering.rounds].sort((a, b) => Date.parse(a.deadlineAt) - Date.parse(b.deadlineAt));
  return rounds.find((round) => Date.parse(round.deadlineAt) >= at.getTime()) ?? null;
}

/**
 * The deadline to show an applicant at `now`: the deadline of their round (the round of `submittedAt`, or
 * of `now` for a draft) when it is still ahead, else null — never a past one.
 */
export function deadlineFor(offering: Pick<Offering, 'rounds'>, now: Date, submittedAt?: Date | null): AdmissionRound | null {
  const round = roundAt(offering, submittedAt ?? now);
  return round && Date.parse(round.deadlineAt) >= now.getTime() ? round : null;
}

/** The fee of an offering at `at`, in integer cents. */
export interface OfferingFee {
  applicationFeeCents: number;
  /** The late fee when it applies at `at` (strictly after `lateFeeStartsAt`), else 0. */
  lateFeeCents: number;
  /** When the late fee starts; null: never. */
  lateFeeStartsAt: Date | null;
}

/** {@link OfferingFee} of `offering` at `at`. */
export function feeAt(offering: Pick<Offering, 'applicationFeeCents' | 'lateFeeCents' | 'lateFeeStartsAt'>, at: Date): OfferingFee {
  const late = offering.lateFeeStartsAt !== null && at.getTime() > offering.lateFeeStartsAt.getTime();
  return {
    applicationFeeCents: offering.applicationFeeCents,
    lateFeeCents: late ? offering.lateFeeCents : 0,
    lateFeeStartsAt: offering.lateFeeStartsAt,
  };
}

/**
 * The first instant after `now` at which what applicants may start changes (an offering's window opens or
 * closes); null when none is ahead. Caches of the open catalogue are good until then.
 */
export function nextChangeAfter(offerings: readonly Pick<Offering, 'opensAt' | 'closesAt'>[], now: Date): Date | null {
  let next: number | null = null;
  for (const offering of offerings)
    for (const instant of [offering.opensAt.getTime(), offering.closesAt.getTime()])
      if (instant > now.getTime() && (next === null || instant < next)) next = instant;
  return next === null ? null : new Date(next);
}

/** An instant moved by `months` calendar months in the office's zone (the wall-clock time kept). */
export function shiftInstant(instant: Date, months: number): Date {
  return DateTime.fromJSDate(instant, { zone: OFFICE_ZONE }).plus({ months }).toJSDate();
}

/** A `YYYY-MM-DD` date moved by `months` calendar months (end of month clamped, e.g. 31 Jan + 1 → 28/29 Feb). */
export function shiftDate(date: string, months: number): string {
  return DateTime.fromISO(date, { zone: 'UTC' }).plus({ months }).toISODate()!;
}

/**
 * A text with every four-digit year in it moved by `years` ("Fall" and a year → the same season a year
 * on; the Spanish and Chinese labels alike). The key and labels of a rolled-over term are proposed this way;
 * the office may edit them before saving.
 */
export function shiftYears(text: string, years: number): string {
  return years ? text.replace(/(?<!\d)(\d{4})(?!\d)/g, (year) => String(Number(year) + years)) : text;
}

/** The new dates of an offering copied `months` later (roll-over). */
export function shiftedOffering<T extends Pick<Offering, 'opensAt' | 'closesAt' | 'rounds' | 'lateFeeStartsAt' | 'replyDeadlineAt'>>(
  offering: T,
  months: number,
): Pick<Offering, 'opensAt' | 'closesAt' | 'rounds' | 'lateFeeStartsAt' | 'replyDeadlineAt'> {
  return {
    opensAt: shiftInstant(offering.opensAt, months),
    closesAt: shiftInstant(offering.closesAt, months),
    rounds: offering.rounds.map((round) => ({
      ...round,
      deadlineAt: shiftInstant(new Date(round.deadlineAt), months).toISOString(),
    })),
    lateFeeStartsAt: offering.lateFeeStartsAt ? shiftInstant(offering.lateFeeStartsAt, months) : null,
    replyDeadlineAt: offering.replyDeadlineAt ? shiftInstant(offering.replyDeadlineAt, months) : null,
  };
}

/** The key and labels of `term` moved by `months` (years in the texts moved by whole years of it, rounded down). */
export function shiftedTerm(term: Pick<Term, 'key' | 'labels' | 'startsOn'>, months: number): Pick<Term, 'key' | 'labels' | 'startsOn'> {
  const years = Math.floor(months / 12);
  return {
    key: shiftYears(term.key, years),
    labels: {
      en: shiftYears(term.labels.en, years),
      es: shiftYears(term.labels.es, years),
      'zh-CN': shiftYears(term.labels['zh-CN'], years),
    },
    startsOn: shiftDate(term.startsOn, months),
  };
}

/**
 * SQL for the key of an application's round (alias `a` = `applications`), as {@link roundAt} judges it: the
 * first round of its offering whose deadline is at or after its submission (a draft: now); NULL when none.
 * For filters and counts in the database (the console's list, export and dashboard).
 */
export const APPLICATION_ROUND_SQL = `(SELECT r ->> 'key' FROM offerings o CROSS JOIN LATERAL jsonb_array_elements(o.rounds) r
  WHERE o.id = a.offering_id AND (r ->> 'deadlineAt')::timestamptz >= coalesce(a.submitted_at, now())
  ORDER BY (r ->> 'deadlineAt')::timestamptz LIMIT 1)`;
