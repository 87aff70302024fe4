import type { DepositStatus } from '../applications/application.entity.js';
import { REPLY_LOCKING_DEPOSITS, type ReplyState } from '../replies/reply-rules.js';

/** An offering's deposit terms (issue 29 item 2; `offerings.deposit_*`, `lapse_unpaid_deposits`). */
export interface DepositTerms {
  /** Integer cents; null or 0: the offering asks no deposit. */
  depositCents: number | null;
  /** Days after the acceptance the deposit is due; null: no deadline. */
  depositDueDays: number | null;
  /** The office's setting: an accepted offer whose deposit is unpaid at its deadline lapses. */
  lapseUnpaidDeposits: boolean;
  /** Whether a paid deposit may be refunded (or voided) without an admin's override. */
  depositRefundable: boolean;
}

/** The part of an application the deposit rules read: the reply's state and the deposit's. */
export interface DepositState extends ReplyState {
  depositStatus: DepositStatus | null;
  /** When the deposit is due (UTC); null: no deadline (or not accepted yet). */
  depositDueAt: Date | null;
}

/**
 * Where a deposit stands, as the applicant and the console see it:
 * `not_required` (the offering asks none), `not_accepted` (the offer is not accepted: nothing to pay),
 * `due` (accepted, payable), `overdue` (past the deadline; still payable where the office does not lapse),
 * `pending` (an attempt is with the gateway), `paid`, `waived` (a deposit waiver code), `refunded`, `voided`
 * (an admin gave it back through the gateway), `lapsed` (the accepted offer lapsed for want of it).
 */
export const DEPOSIT_PHASES = [
  'not_required',
  'not_accepted',
  'due',
  'overdue',
  'pending',
  'paid',
  'waived',
  'refunded',
  'voided',
  'lapsed',
] as const;
/** One of {@link DEPOSIT_PHASES}. */
export type DepositPhase = (typeof DEPOSIT_PHASES)[number];

/** Why a deposit cannot be paid now; each code is an error code of the API (docs/api.md "Deposits"). */
export type DepositRefusal =
  /** no released decision */
  | { code: 'DEC-404' }
  /** the offering asks no deposit */
  | { code: 'DEP-404' }
  /** the offer is not (or no longer) accepted: a declined, deferred or unanswered offer takes no deposit */
  | { code: 'DEP-409-not-accepted' }
  /** already paid or waived */
  | { code: 'DEP-409-paid' }
  /** refunded or voided by the office: not payable again */
  | { code: 'DEP-409-refunded' }
  /** the accepted offer lapsed for want of the deposit */
  | { code: 'DEP-409-lapsed' }
  /** the deadline passed and the office lapses unpaid deposits */
  | { code: 'DEP-422-late'; dueAt: Date };

const DAY_MS = 86_400_000;

/** Whether the offering asks a deposit (a positive amount). */
export function depositRequired(terms: Pick<DepositTerms, 'depositCents'>): boolean {
  return (terms.depositCents ?? 0) > 0;
}

/**
 * When the deposit of an offer accepted at `acceptedAt` is due: `depositDueDays` whole days (of 24 hours) later;
 * null when the offering asks no deposit or sets no deadline.
 */
export function depositDueAt(acceptedAt: Date, terms: Pick<DepositTerms, 'depositCents' | 'depositDueDays'>): Date | null {
  if (!depositRequired(terms) || terms.depositDueDays === null) return null;
  return new Date(acceptedAt.getTime() + terms.depositDueDays * DAY_MS);
}

/** Whether the deposit holds the reply (issue 29 item 2: no change of answer once it is paid, or while a payment is in flight). */
export function depositLocksReply(status: DepositStatus | null | undefined): boolean {
  return status !== null && status !== undefined && REPLY_LOCKING_DEPOSITS.includes(status);
}

/** Whether a released decision is visible (the reply rules' first condition). */
function released(state: ReplyState): boolean {
  return state.status === 'decided' && state.decision !== null && state.decisionReleasedAt !== null;
}

/** Whether the deadline of an accepted, unpaid deposit has passed at `now` (the instant itself included). */
function pastDue(state: DepositState, now: Date): boolean {
  return state.depositDueAt !== null && now.getTime() >= state.depositDueAt.getTime();
}

/**
 * Whether the deposit may be paid at `now` — an allow-list, closed by default: a released admit, accepted,
 * of an offering that asks a deposit, not paid, waived, refunded or voided, and not past its deadline where the
 * office lapses unpaid deposits. A `pending` or `declined` deposit is payable here (the payment's own claim then
 * refuses a second attempt in flight). Pure: tests move the clock.
 * @returns null when allowed, else the refusal
 */
export function checkDeposit(state: DepositState, terms: DepositTerms, now: Date): DepositRefusal | null {
  if (!released(state)) return { code: 'DEC-404' };
  if (!depositRequired(terms) || state.decision !== 'admitted') return { code: 'DEP-404' };
  if (state.depositStatus === 'paid' || state.depositStatus === 'waived') return { code: 'DEP-409-paid' };
  if (state.depositStatus === 'refunded' || state.depositStatus === 'voided') return { code: 'DEP-409-refunded' };
  if (state.reply === 'lapsed') return { code: 'DEP-409-lapsed' };
  if (state.reply !== 'accepted') return { code: 'DEP-409-not-accepted' };
  if (terms.lapseUnpaidDeposits && pastDue(state, now)) return { code: 'DEP-422-late', dueAt: state.depositDueAt! };
  return null;
}

/** Where the deposit of `state` stands at `now` (see {@link DEPOSIT_PHASES}). */
export function depositPhase(state: DepositState, terms: DepositTerms, now: Date): DepositPhase {
  if (
    state.depositStatus === 'paid' ||
    state.depositStatus === 'waived' ||
    state.depositStatus === 'refunded' ||
    state.depositStatus === 'voided'
  )
    return state.depositStatus;
  if (state.reply === 'lapsed') return 'lapsed';
  if (!depositRequired(terms) || !released(state) || state.decision !== 'admitted') return 'not_required';
  if (state.depositStatus === 'pending') return 'pending';
  if (state.reply !== 'accepted') return 'not_accepted';
  return pastDue(state, now) ? 'overdue' : 'due';
}

/**
 * Whether the lapse job lapses this offer at `now`: an accepted admit of an offering that asks a deposit and
 * lapses unpaid ones, whose deadline has passed with no deposit paid, waived or in flight (a refunded one was
 * paid: the office gave it back, the offer does not lapse by this rule). The job's SQL says the same.
 */
export function lapsesAt(state: DepositState, terms: DepositTerms, now: Date): boolean {
  return (
    released(state) &&
    state.decision === 'admitted' &&
    state.reply === 'accepted' &&
    depositRequired(terms) &&
    terms.lapseUnpaidDeposits &&
    pastDue(state, now) &&
    (state.depositStatus === null || state.depositStatus === 'declined')
  );
}
