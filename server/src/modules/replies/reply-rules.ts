import type { ApplicationStatus, Decision, DepositStatus } from '../applications/application.entity.js';

/** What an applicant may answer to a released decision (issue 29 item 1). */
export const REPLY_CHOICES = ['accept', 'decline', 'defer', 'stay', 'withdraw'] as const;
export type ReplyChoice = (typeof REPLY_CHOICES)[number];

/**
 * What is recorded in `applications.reply` (the column's CHECK names the same list): the reply of each choice,
 * and `lapsed` — recorded by the deposit lapse job, never chosen (issue 29 item 2): an accepted offer whose
 * deposit was not paid by its deadline, where the office lapses them. It frees the seat and takes no reply.
 */
export const REPLIES = ['accepted', 'declined', 'deferral_requested', 'staying_on_waitlist', 'withdrawn_from_waitlist', 'lapsed'] as const;
export type Reply = (typeof REPLIES)[number];

/** The reply each choice records. */
export const REPLY_OF: Readonly<Record<ReplyChoice, Reply>> = {
  accept: 'accepted',
  decline: 'declined',
  defer: 'deferral_requested',
  stay: 'staying_on_waitlist',
  withdraw: 'withdrawn_from_waitlist',
};

/**
 * The choices each released decision offers — an allow-list: a decision not named here (denied, or one
 * added later) takes no reply until someone allows it.
 */
export const CHOICES_BY_DECISION: Readonly<Partial<Record<Decision, readonly ReplyChoice[]>>> = {
  admitted: ['accept', 'decline', 'defer'],
  waitlisted: ['stay', 'withdraw'],
};

/** The part of an application the reply rules read. */
export interface ReplyState {
  status: ApplicationStatus;
  decision: Decision | null;
  decisionReleasedAt: Date | null;
  /** The reply deadline (UTC); null: the office set none, the reply stays open. */
  replyDeadlineAt: Date | null;
  reply: Reply | null;
  /** Where the enrollment deposit stands (issue 29 item 2); absent or null: nothing paid. */
  depositStatus?: DepositStatus | null;
}

/** Deposit states that hold the reply: paid or waived (the applicant may not change her answer), or an attempt in flight. */
export const REPLY_LOCKING_DEPOSITS: readonly DepositStatus[] = ['paid', 'waived', 'pending'];

/** Why a reply is refused; each code is an error code of the API (docs/api.md "Replies"). */
export type ReplyRefusal =
  /** no released decision (the same answer as "no decision", as for the letter) */
  | { code: 'DEC-404' }
  /** the released decision takes no reply (denied) */
  | { code: 'RPL-409-no-reply' }
  /** the choice is not one the decision offers (accept on a waitlist, stay on an admit) */
  | { code: 'RPL-422-choice'; choices: readonly ReplyChoice[] }
  /** the reply deadline has passed */
  | { code: 'RPL-422-late'; deadlineAt: Date }
  /** the accepted offer lapsed for want of the deposit (issue 29 item 2) */
  | { code: 'RPL-409-lapsed' }
  /** the deposit is paid (or waived, or being paid): the answer stands (issue 29 item 2) */
  | { code: 'RPL-409-deposit' };

/**
 * The choices open to the applicant at `now`: empty with the reason when none is.
 * Pure: the same state and instant always give the same answer (the tests move a fake clock).
 */
export function openChoices(state: ReplyState, now: Date): { choices: readonly ReplyChoice[]; refusal: ReplyRefusal | null } {
  if (state.status !== 'decided' || !state.decision || !state.decisionReleasedAt) return { choices: [], refusal: { code: 'DEC-404' } };
  const choices = CHOICES_BY_DECISION[state.decision];
  if (!choices) return { choices: [], refusal: { code: 'RPL-409-no-reply' } };
  if (state.reply === 'lapsed') return { choices: [], refusal: { code: 'RPL-409-lapsed' } };
  if (state.depositStatus && REPLY_LOCKING_DEPOSITS.includes(state.depositStatus))
    return { choices: [], refusal: { code: 'RPL-409-deposit' } };
  if (state.replyDeadlineAt && now.getTime() >= state.replyDeadlineAt.getTime())
    return { choices: [], refusal: { code: 'RPL-422-late', deadlineAt: state.replyDeadlineAt } };
  return { choices, refusal: null };
}

/**
 * Whether `choice` may be recorded at `now` (issue 29 item 1): the decision is released and takes a reply,
 * the offer has not lapsed, no deposit holds the answer (item 2: paid, waived or being paid), the choice is one
 * it offers, and the deadline (the instant itself included) has not passed. Choosing again before the deadline
 * changes the answer, unless the deposit is paid.
 * @returns null when allowed, else the refusal
 */
export function checkReply(state: ReplyState, choice: ReplyChoice, now: Date): ReplyRefusal | null {
  const open = openChoices(state, now);
  if (open.refusal) return open.refusal;
  if (!open.choices.includes(choice)) return { code: 'RPL-422-choice', choices: open.choices };
  return null;
}
