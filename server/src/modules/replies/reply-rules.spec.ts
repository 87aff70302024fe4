import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { DECISIONS, DEPOSIT_STATUSES, type ApplicationStatus, type Decision } from '../applications/application.entity.js';
import { checkDeposit, depositDueAt, depositPhase, lapsesAt, type DepositState, type DepositTerms } from '../deposits/deposit-rules.js';
import { CHOICES_BY_DECISION, REPLIES, REPLY_CHOICES, REPLY_OF, checkReply, openChoices, type ReplyState } from './reply-rules.js';

/** Fixed seed (fast-check prints it with any counterexample). */
const SEED = 29_2026;
const STATUSES: ApplicationStatus[] = ['draft', 'submitted', 'complete', 'withdrawn', 'under_review', 'decided'];
const T0 = Date.parse('2031-04-01T12:00:00Z');

const released = (decision: Decision, deadline: number | null): ReplyState => ({
  status: 'decided',
  decision,
  decisionReleasedAt: new Date(T0 - 86_400_000),
  replyDeadlineAt: deadline === null ? null : new Date(deadline),
  reply: null,
});

describe('reply rules (issue 29 item 1)', () => {
  it('offers accept, decline or defer on an admit, stay or withdraw on a waitlist, nothing on a denial', () => {
    expect(openChoices(released('admitted', null), new Date(T0)).choices).toEqual(['accept', 'decline', 'defer']);
    expect(openChoices(released('waitlisted', null), new Date(T0)).choices).toEqual(['stay', 'withdraw']);
    expect(openChoices(released('denied', null), new Date(T0))).toEqual({ choices: [], refusal: { code: 'RPL-409-no-reply' } });
  });

  it('refuses a reply at the deadline instant and after it, and takes one a millisecond before', () => {
    const state = released('admitted', T0);
    expect(checkReply(state, 'accept', new Date(T0 - 1))).toBeNull();
    expect(checkReply(state, 'accept', new Date(T0))).toEqual({ code: 'RPL-422-late', deadlineAt: new Date(T0) });
    expect(checkReply(state, 'decline', new Date(T0 + 1))?.code).toBe('RPL-422-late');
  });

  it('answers DEC-404 before release, without a decision, and in any status but decided', () => {
    expect(checkReply({ ...released('admitted', null), decisionReleasedAt: null }, 'accept', new Date(T0))).toEqual({ code: 'DEC-404' });
    for (const status of STATUSES.filter((s) => s !== 'decided'))
      expect(checkReply({ ...released('admitted', null), status }, 'accept', new Date(T0))).toEqual({ code: 'DEC-404' });
  });

  it('maps every choice to a reply of the allow-list, one to one', () => {
    expect(new Set(Object.values(REPLY_OF)).size).toBe(REPLY_CHOICES.length);
    for (const choice of REPLY_CHOICES) expect(REPLIES).toContain(REPLY_OF[choice]);
  });

  it('agrees with a model over random states, choices and instants: no illegal transition is allowed', () => {
    const state = fc.record({
      status: fc.constantFrom(...STATUSES),
      decision: fc.option(fc.constantFrom(...DECISIONS), { nil: null }),
      released: fc.boolean(),
      deadline: fc.option(fc.integer({ min: -5_000, max: 5_000 }), { nil: null }),
      reply: fc.option(fc.constantFrom(...REPLIES), { nil: null }),
      deposit: fc.option(fc.constantFrom(...DEPOSIT_STATUSES), { nil: null }),
    });
    fc.assert(
      fc.property(state, fc.constantFrom(...REPLY_CHOICES), fc.integer({ min: -5_000, max: 5_000 }), (s, choice, offset) => {
        const replyState: ReplyState = {
          status: s.status,
          decision: s.decision,
          decisionReleasedAt: s.released ? new Date(T0 - 10_000) : null,
          replyDeadlineAt: s.deadline === null ? null : new Date(T0 + s.deadline),
          reply: s.reply,
          depositStatus: s.deposit,
        };
        const now = new Date(T0 + offset);
        // the model, written from the words rather than the code's order
        const visible = s.status === 'decided' && s.decision !== null && s.released;
        const allowed =
          s.decision === 'admitted' ? ['accept', 'decline', 'defer'] : s.decision === 'waitlisted' ? ['stay', 'withdraw'] : [];
        const beforeDeadline = s.deadline === null || offset < s.deadline;
        // issue 29 item 2: "may change an answer until the deadline, unless the deposit is paid" (or being paid);
        // a lapsed offer takes no answer at all
        const depositHolds = s.deposit === 'paid' || s.deposit === 'waived' || s.deposit === 'pending';
        const lapsed = s.reply === 'lapsed';
        const legal = visible && allowed.includes(choice) && beforeDeadline && !depositHolds && !lapsed;
        const verdict = checkReply(replyState, choice, now);
        expect(verdict === null).toBe(legal);
        if (!visible) expect(verdict).toEqual({ code: 'DEC-404' });
        else if (allowed.length === 0) expect(verdict?.code).toBe('RPL-409-no-reply');
        else if (lapsed) expect(verdict?.code).toBe('RPL-409-lapsed');
        else if (depositHolds) expect(verdict?.code).toBe('RPL-409-deposit');
        else if (!beforeDeadline) expect(verdict?.code).toBe('RPL-422-late');
        else if (!legal) expect(verdict).toEqual({ code: 'RPL-422-choice', choices: CHOICES_BY_DECISION[s.decision!] });
        // a recorded reply (other than a lapse) never blocks a change before the deadline
        if (legal && s.reply !== null) expect(checkReply({ ...replyState, reply: null }, choice, now)).toBeNull();
      }),
      { seed: SEED, numRuns: 2_000 },
    );
  });

  it('refuses any change once the deposit is paid or waived, and any reply to a lapsed offer', () => {
    const accepted: ReplyState = { ...released('admitted', T0 + 10_000), reply: 'accepted' };
    expect(checkReply({ ...accepted, depositStatus: 'paid' }, 'decline', new Date(T0))).toEqual({ code: 'RPL-409-deposit' });
    expect(checkReply({ ...accepted, depositStatus: 'waived' }, 'defer', new Date(T0))).toEqual({ code: 'RPL-409-deposit' });
    // refunded or declined: nothing holds the answer any more
    expect(checkReply({ ...accepted, depositStatus: 'refunded' }, 'decline', new Date(T0))).toBeNull();
    expect(checkReply({ ...accepted, depositStatus: 'declined' }, 'decline', new Date(T0))).toBeNull();
    expect(openChoices({ ...accepted, reply: 'lapsed' }, new Date(T0))).toEqual({ choices: [], refusal: { code: 'RPL-409-lapsed' } });
  });
});

describe('deposit rules (issue 29 item 2)', () => {
  const DAY = 86_400_000;
  const TERMS: DepositTerms = { depositCents: 50_000, depositDueDays: 14, lapseUnpaidDeposits: true, depositRefundable: false };
  const accepted = (overrides: Partial<DepositState> = {}): DepositState => ({
    ...released('admitted', null),
    reply: 'accepted',
    depositStatus: null,
    depositDueAt: new Date(T0 + 5 * DAY),
    ...overrides,
  });

  it('is due a number of whole days after the acceptance; no amount or no days: no deadline', () => {
    expect(depositDueAt(new Date(T0), TERMS)).toEqual(new Date(T0 + 14 * DAY));
    expect(depositDueAt(new Date(T0), { ...TERMS, depositDueDays: null })).toBeNull();
    expect(depositDueAt(new Date(T0), { ...TERMS, depositCents: 0 })).toBeNull();
  });

  it('takes a deposit for an accepted offer only: never for a declined, deferred or unanswered one, nor twice', () => {
    const now = new Date(T0);
    expect(checkDeposit(accepted(), TERMS, now)).toBeNull();
    expect(checkDeposit(accepted({ reply: 'declined' }), TERMS, now)).toEqual({ code: 'DEP-409-not-accepted' });
    expect(checkDeposit(accepted({ reply: 'deferral_requested' }), TERMS, now)).toEqual({ code: 'DEP-409-not-accepted' });
    expect(checkDeposit(accepted({ reply: null }), TERMS, now)).toEqual({ code: 'DEP-409-not-accepted' });
    expect(checkDeposit(accepted({ depositStatus: 'paid' }), TERMS, now)).toEqual({ code: 'DEP-409-paid' });
    expect(checkDeposit(accepted({ depositStatus: 'voided' }), TERMS, now)).toEqual({ code: 'DEP-409-refunded' });
    expect(checkDeposit(accepted(), { ...TERMS, depositCents: null }, now)).toEqual({ code: 'DEP-404' });
  });

  it('agrees with a model over random states, terms and instants: payable, its phase, and the lapse', () => {
    const state = fc.record({
      status: fc.constantFrom(...STATUSES),
      decision: fc.option(fc.constantFrom(...DECISIONS), { nil: null }),
      released: fc.boolean(),
      reply: fc.option(fc.constantFrom(...REPLIES), { nil: null }),
      deposit: fc.option(fc.constantFrom(...DEPOSIT_STATUSES), { nil: null }),
      due: fc.option(fc.integer({ min: -5_000, max: 5_000 }), { nil: null }),
    });
    const terms = fc.record({
      depositCents: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
      depositDueDays: fc.option(fc.integer({ min: 1, max: 365 }), { nil: null }),
      lapseUnpaidDeposits: fc.boolean(),
      depositRefundable: fc.boolean(),
    });
    fc.assert(
      fc.property(state, terms, fc.integer({ min: -5_000, max: 5_000 }), (s, t, offset) => {
        const deposit: DepositState = {
          status: s.status,
          decision: s.decision,
          decisionReleasedAt: s.released ? new Date(T0 - 10_000) : null,
          replyDeadlineAt: null,
          reply: s.reply,
          depositStatus: s.deposit,
          depositDueAt: s.due === null ? null : new Date(T0 + s.due),
        };
        const now = new Date(T0 + offset);
        // the model, from the words
        const visible = s.status === 'decided' && s.decision !== null && s.released;
        const asked = (t.depositCents ?? 0) > 0 && s.decision === 'admitted';
        const settled = s.deposit === 'paid' || s.deposit === 'waived' || s.deposit === 'refunded' || s.deposit === 'voided';
        const late = s.due !== null && offset >= s.due;
        const payable = visible && asked && !settled && s.reply === 'accepted' && !(t.lapseUnpaidDeposits && late);
        const verdict = checkDeposit(deposit, t, now);
        expect(verdict === null).toBe(payable);
        // no deposit for an offer that is not accepted (declined, deferred, unanswered, lapsed)
        if (visible && asked && !settled && s.reply !== 'accepted') expect(verdict?.code).toMatch(/^DEP-409-(not-accepted|lapsed)$/);
        if (visible && asked && !settled && s.reply === 'accepted' && t.lapseUnpaidDeposits && late)
          expect(verdict?.code).toBe('DEP-422-late');
        // the lapse: accepted, deadline passed, nothing paid or in flight, the office's setting on
        const lapses =
          visible && asked && s.reply === 'accepted' && t.lapseUnpaidDeposits && late && (s.deposit === null || s.deposit === 'declined');
        expect(lapsesAt(deposit, t, now)).toBe(lapses);
        // a lapsed offer is no longer accepted: the reply rules close it, and a paid deposit is never lapsed
        if (lapses) {
          expect(checkReply({ ...deposit, reply: 'lapsed' }, 'accept', now)?.code).toBe('RPL-409-lapsed');
          expect(depositPhase({ ...deposit, reply: 'lapsed' }, t, now)).toBe('lapsed');
        }
        if (s.deposit === 'paid' || s.deposit === 'waived') {
          expect(lapsesAt(deposit, t, now)).toBe(false);
          expect(depositPhase(deposit, t, now)).toBe(s.deposit);
          if (visible) expect(checkReply(deposit, 'decline', now)?.code).toMatch(/^RPL-409-/);
        }
        if (payable) expect(['due', 'overdue']).toContain(depositPhase(deposit, t, now));
      }),
      { seed: SEED, numRuns: 3_000 },
    );
  });
});
