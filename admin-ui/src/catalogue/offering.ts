/**
 * Pure helpers of the offering forms. The API keeps money in integer cents; the form shows the fees in the
 * currency's major unit (`applicationFee`, `lateFee`) and the request body converts them back
 * ({@link offeringFormValues}, {@link toOfferingPayload}). Validation is as strict as the server's
 * AdminOfferingDto: the window closes after it opens, 0–365 grace days, at most 10 rounds with unique keys
 * `[a-z0-9-]{1,30}`, names in three languages and a deadline each, fees of 0 or more with at most two
 * decimals, seats a whole number or empty, at most 30 distinct locations of 60 characters.
 */
import { DateTime } from 'luxon';
import { fromCents, isWholeCents, toCents } from '../common/money';
import { viewerZone } from '../common/localDateTime';
import { isBlank, isWholeIn, text, toNumber, trimTexts, validateTexts, type FormErrors } from './catalogue';
import type { AdmissionRound, OfferingPayload, OfferingRecord } from './types';

/** What the API accepts as a round key. */
export const ROUND_KEY = /^[a-z0-9-]{1,30}$/;
/** Most rounds an offering has. */
export const ROUNDS_MAX = 10;
/** Most locations an offering has, and their longest name. */
export const LOCATIONS_MAX = 30;
/** Longest location name. */
export const LOCATION_MAX = 60;
/** Most grace days. */
export const GRACE_DAYS_MAX = 365;
/** Largest fee in the major unit (the API's 100,000,000 cents). */
export const FEE_MAX = 1_000_000;
/** Most seats. */
export const SEATS_MAX = 1_000_000;
/** Most days after the acceptance a deposit may be due (the API's 1–365). */
export const DEPOSIT_DUE_DAYS_MAX = 365;
/** Length of a new offering's window, in months, when nothing else is known. */
export const DEFAULT_WINDOW_MONTHS = 3;

/** Form values as react-admin holds them: the payload's fields plus the fees in the major unit. */
export type OfferingFormValues = Partial<Record<keyof OfferingPayload | 'applicationFee' | 'lateFee' | 'deposit', unknown>>;

/** The form's values for a record: the record, with its fees and deposit (issue 29 item 2) in the major unit beside the cents. */
export function offeringFormValues<
  R extends Pick<OfferingRecord, 'applicationFeeCents' | 'lateFeeCents'> & { depositCents?: number | null },
>(record: R): R & { applicationFee: number | null; lateFee: number | null; deposit: number | null } {
  return {
    ...record,
    applicationFee: fromCents(record.applicationFeeCents),
    lateFee: fromCents(record.lateFeeCents),
    deposit: record.depositCents ? fromCents(record.depositCents) : null,
  };
}

/**
 * A new offering's values, computed from `now`: the window opens at the start of today in `zone` and closes
 * {@link DEFAULT_WINDOW_MONTHS} months later; no grace days, rounds, locations or late fee; open.
 */
export function defaultOfferingValues(now: Date = new Date(), zone: string = viewerZone()): OfferingFormValues {
  const opens = DateTime.fromJSDate(now, { zone }).startOf('day');
  return {
    opensAt: opens.toUTC().toISO(),
    closesAt: opens.plus({ months: DEFAULT_WINDOW_MONTHS }).toUTC().toISO(),
    graceDays: 0,
    locations: [],
    rounds: [],
    lateFee: 0,
    lateFeeStartsAt: null,
    seats: null,
    replyDeadlineAt: null,
    acceptsDeferrals: false,
    deposit: null,
    depositDueDays: null,
    depositRefundable: false,
    lapseUnpaidDeposits: false,
    open: true,
    archived: false,
  };
}

/** The milliseconds of an instant form value, or null. */
function instant(value: unknown): number | null {
  if (typeof value !== 'string' || !value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** Error of a fee in the major unit (`required`: empty is an error, else empty means 0), or undefined. */
function feeError(value: unknown, required: boolean): string | undefined {
  if (isBlank(value)) return required ? 'ra.validation.required' : undefined;
  const fee = toNumber(value);
  if (fee === null || fee < 0 || fee > FEE_MAX || !isWholeCents(fee)) return 'app.offerings.validation.fee';
  return undefined;
}

/** The rounds of the form as an array (react-admin may hold undefined or null). */
function roundsOf(value: unknown): Partial<Record<keyof AdmissionRound, unknown>>[] {
  return Array.isArray(value) ? (value as Partial<Record<keyof AdmissionRound, unknown>>[]).map((r) => r ?? {}) : [];
}

/** The locations of the form, trimmed, empty ones dropped. */
function locationsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.map(text).filter(Boolean) : [];
}

/** Form-level validation: `{ field: messageKey }` (rounds as an array of per-round errors), empty when valid. */
export function validateOffering(values: OfferingFormValues): FormErrors {
  const errors: FormErrors = {};
  if (isBlank(values.programId)) errors.programId = 'ra.validation.required';
  if (isBlank(values.termId)) errors.termId = 'ra.validation.required';

  const locations = locationsOf(values.locations);
  if (
    locations.length > LOCATIONS_MAX ||
    locations.some((l) => l.length > LOCATION_MAX) ||
    new Set(locations.map((l) => l.toLowerCase())).size !== locations.length
  ) {
    errors.locations = 'app.offerings.validation.locations';
  }

  const opens = instant(values.opensAt);
  const closes = instant(values.closesAt);
  if (opens === null) errors.opensAt = 'ra.validation.required';
  if (closes === null) errors.closesAt = 'ra.validation.required';
  else if (opens !== null && closes <= opens) errors.closesAt = 'app.offerings.validation.window';

  if (!isBlank(values.graceDays) && !isWholeIn(toNumber(values.graceDays), 0, GRACE_DAYS_MAX)) {
    errors.graceDays = 'app.offerings.validation.grace_days';
  }

  const rounds = roundsOf(values.rounds);
  if (rounds.length > ROUNDS_MAX) errors.rounds = 'app.offerings.validation.rounds_max';
  else {
    const keys = rounds.map((r) => text(r.key));
    const roundErrors = rounds.map((round, index) => {
      const e: FormErrors = {};
      const key = keys[index] ?? '';
      if (!key) e.key = 'ra.validation.required';
      else if (!ROUND_KEY.test(key)) e.key = 'app.offerings.validation.round_key';
      else if (keys.indexOf(key) !== index) e.key = 'app.offerings.validation.round_key_unique';
      const labels = validateTexts(round.labels);
      if (labels) e.labels = labels;
      if (instant(round.deadlineAt) === null) e.deadlineAt = 'ra.validation.required';
      return Object.keys(e).length ? e : undefined;
    });
    if (roundErrors.some(Boolean)) errors.rounds = roundErrors.map((e) => e ?? {});
  }

  const fee = feeError(values.applicationFee, true);
  if (fee) errors.applicationFee = fee;
  const lateFee = feeError(values.lateFee, false);
  if (lateFee) errors.lateFee = lateFee;

  if (!isBlank(values.seats) && !isWholeIn(toNumber(values.seats), 0, SEATS_MAX)) errors.seats = 'app.offerings.validation.seats';
  const deposit = feeError(values.deposit, false);
  if (deposit) errors.deposit = deposit;
  if (!isBlank(values.depositDueDays) && !isWholeIn(toNumber(values.depositDueDays), 1, DEPOSIT_DUE_DAYS_MAX))
    errors.depositDueDays = 'app.offerings.validation.deposit_due_days';
  return errors;
}

/**
 * The request body: ids as numbers, trimmed locations, the rounds by deadline with trimmed names, the fees
 * in integer cents (from the major-unit fields; from the record's cents when the form has none), empty
 * grace days and late fee as 0, empty late-fee start, seats and reply deadline as null, open unless false,
 * deferrals and archived only when true; the enrollment deposit (issue 29 item 2) in integer cents (empty or 0:
 * null, none), its due days (empty: null, no deadline), refundable and lapse only when true.
 */
export function toOfferingPayload(values: OfferingFormValues): OfferingPayload {
  const cents = (major: unknown, stored: unknown) => (major === undefined ? (toNumber(stored) ?? 0) : (toCents(major) ?? 0));
  const rounds: AdmissionRound[] = roundsOf(values.rounds)
    .map((round) => ({ key: text(round.key), labels: trimTexts(round.labels), deadlineAt: text(round.deadlineAt) }))
    .sort((a, b) => Date.parse(a.deadlineAt) - Date.parse(b.deadlineAt));
  const seats = toNumber(values.seats);
  const depositCents = cents(values.deposit, values.depositCents);
  return {
    programId: Number(values.programId),
    termId: Number(values.termId),
    locations: locationsOf(values.locations),
    opensAt: text(values.opensAt),
    closesAt: text(values.closesAt),
    graceDays: toNumber(values.graceDays) ?? 0,
    rounds,
    applicationFeeCents: cents(values.applicationFee, values.applicationFeeCents),
    lateFeeCents: cents(values.lateFee, values.lateFeeCents),
    lateFeeStartsAt: text(values.lateFeeStartsAt) || null,
    seats,
    replyDeadlineAt: text(values.replyDeadlineAt) || null,
    acceptsDeferrals: values.acceptsDeferrals === true,
    depositCents: depositCents > 0 ? depositCents : null,
    depositDueDays: toNumber(values.depositDueDays),
    depositRefundable: values.depositRefundable === true,
    lapseUnpaidDeposits: values.lapseUnpaidDeposits === true,
    open: values.open !== false,
    archived: values.archived === true,
  };
}

/** Why an offering takes applications now or not (the list's chip). */
export type OfferingState = 'accepting' | 'archived' | 'closed' | 'upcoming' | 'ended';

/**
 * The state of an offering: `accepting` as the server says (`acceptingNow`); otherwise archived, closed by
 * the office, not open yet, or past its window — in that order, judged at `now`.
 */
export function offeringState(
  record: Pick<OfferingRecord, 'acceptingNow' | 'archived' | 'open' | 'opensAt' | 'closesAt'>,
  now: Date = new Date(),
): OfferingState {
  if (record.acceptingNow) return 'accepting';
  if (record.archived) return 'archived';
  if (!record.open) return 'closed';
  const opens = Date.parse(record.opensAt);
  const closes = Date.parse(record.closesAt);
  const at = now.getTime();
  if (opens > at) return 'upcoming';
  if (closes <= at) return 'ended';
  // inside the window by this clock though the server said otherwise (clocks apart): the nearer edge
  return closes - at < at - opens ? 'ended' : 'upcoming';
}
