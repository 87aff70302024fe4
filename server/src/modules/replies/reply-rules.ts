import type { ApplicationStatus, Decision } from '../applications/application.entity.js';

/** What an applicant may answer to a released decision (issue 29 item 1). */
export const REPLY_CHOICES = ['accept', 'decline', 'defer', 'stay', 'withdraw'] as const;
export type ReplyChoice = (typeof REPLY_CHOICES)[number];

/** What is recorded in `applications.reply` for each choice (the column's CHECK names the same list). */
export const REPLIES = ['accepted', 'declined', 'deferral_requested', 'staying_on_waitlist', 'withdrawn_from_waitlist'] as const;
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
}

/** Why a reply is refused; each code is an error code of the API (docs/api.md "Replies"). */
export type ReplyRefusal =
  /** no released decision (the same answer as "no decision", as for the letter) */
  | { code: 'DEC-404' }
  /** the released decision takes no reply (denied) */
  | { code: 'RPL-409-no-reply' }
  /** the choice is not one the decision offers (accept on a waitlist, stay on an admit) */
  | { code: 'RPL-422-choice'; choices: readonly ReplyChoice[] }
  /** the reply deadline has passed */
  | { code: 'RPL-422-late'; deadlineAt: Date };

/**
 * The choices open to the applicant at `now`: empty with the reason when none is.
 * Pure: the same state and instant always give the same answer (the tests move a fake clock).
 */
export function openChoices(state: ReplyState, now: Date): { choices: readonly ReplyChoice[]; refusal: ReplyRefusal | null } {
  if (state.status !== 'decided' || !state.decision || !state.decisionReleasedAt) return { choices: [], refusal: { code: 'DEC-404' } };
  const choices = CHOICES_BY_DECISION[state.decision];
  if (!choices) return { choices: [], refusal: { code: 'RPL-409-no-reply' } };
  if (state.replyDeadlineAt && now.getTime() >= state.replyDeadlineAt.getTime())
    return { choices: [], refusal: { code: 'RPL-422-late', deadlineAt: state.replyDeadlineAt } };
  return { choices, refusal: null };
}

/**
 * Whether `choice` may be recorded at `now` (issue 29 item 1): the decision is released and takes a reply,
 * the choice is one it offers, and the deadline (the instant itself included) has not passed. Choosing
 * again before the deadline changes the answer.
 * @returns null when allowed, else the refusal
 */
export function checkReply(state: ReplyState, choice: ReplyChoice, now: Date): ReplyRefusal | null {
  const open = openChoices(state, now);
  if (open.refusal) return open.refusal;
  if (!open.choices.includes(choice)) return { code: 'RPL-422-choice', choices: open.choices };
  return null;
}
