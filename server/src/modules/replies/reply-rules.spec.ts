import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { DECISIONS, type ApplicationStatus, type Decision } from '../applications/application.entity.js';
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
    });
    fc.assert(
      fc.property(state, fc.constantFrom(...REPLY_CHOICES), fc.integer({ min: -5_000, max: 5_000 }), (s, choice, offset) => {
        const replyState: ReplyState = {
          status: s.status,
          decision: s.decision,
          decisionReleasedAt: s.released ? new Date(T0 - 10_000) : null,
          replyDeadlineAt: s.deadline === null ? null : new Date(T0 + s.deadline),
          reply: s.reply,
        };
        const now = new Date(T0 + offset);
        // the model, written from the words rather than the code's order
        const visible = s.status === 'decided' && s.decision !== null && s.released;
        const allowed =
          s.decision === 'admitted' ? ['accept', 'decline', 'defer'] : s.decision === 'waitlisted' ? ['stay', 'withdraw'] : [];
        const beforeDeadline = s.deadline === null || offset < s.deadline;
        const legal = visible && allowed.includes(choice) && beforeDeadline;
        const verdict = checkReply(replyState, choice, now);
        expect(verdict === null).toBe(legal);
        if (!visible) expect(verdict).toEqual({ code: 'DEC-404' });
        else if (allowed.length === 0) expect(verdict?.code).toBe('RPL-409-no-reply');
        else if (!beforeDeadline) expect(verdict?.code).toBe('RPL-422-late');
        else if (!legal) expect(verdict).toEqual({ code: 'RPL-422-choice', choices: CHOICES_BY_DECISION[s.decision!] });
        // a recorded reply never blocks a change before the deadline
        if (legal && s.reply !== null) expect(checkReply({ ...replyState, reply: null }, choice, now)).toBeNull();
      }),
      { seed: SEED, numRuns: 2_000 },
    );
  });
});
