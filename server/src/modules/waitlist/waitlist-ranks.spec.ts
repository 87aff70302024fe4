import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { DECISIONS, type ApplicationStatus } from '../applications/application.entity.js';
import { REPLIES } from '../replies/reply-rules.js';
import { applyChange, isOnWaitlist, waitlistVersion } from './waitlist-ranks.js';

/** Fixed seed (fast-check prints it with any counterexample). */
const SEED = 29_4029;
const STATUSES: ApplicationStatus[] = ['draft', 'submitted', 'complete', 'withdrawn', 'under_review', 'decided'];

/** One step of a waitlist's life: the office reorders or moves, someone is admitted or withdraws, someone joins. */
type Step =
  { kind: 'reorder'; keys: number[] } | { kind: 'move'; pick: number; rank: number } | { kind: 'leave'; pick: number } | { kind: 'join' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('reorder' as const), keys: fc.array(fc.integer(), { minLength: 30, maxLength: 30 }) }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), rank: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('leave' as const), pick: fc.nat() }),
  fc.constant({ kind: 'join' as const }),
);

describe('waitlist ranks (issue 29 item 4)', () => {
  it('keeps on the waitlist exactly the decided, waitlisted applications of an offering that did not withdraw', () => {
    const base = { status: 'decided' as const, decision: 'waitlisted' as const, offeringId: 7, reply: null };
    expect(isOnWaitlist(base)).toBe(true);
    expect(isOnWaitlist({ ...base, reply: 'staying_on_waitlist' })).toBe(true);
    expect(isOnWaitlist({ ...base, reply: 'withdrawn_from_waitlist' })).toBe(false);
    expect(isOnWaitlist({ ...base, offeringId: null })).toBe(false);
    // closed by default: any other status, decision or reply is off the list
    fc.assert(
      fc.property(
        fc.constantFrom(...STATUSES),
        fc.option(fc.constantFrom(...DECISIONS), { nil: null }),
        fc.option(fc.constantFrom(...REPLIES), { nil: null }),
        (status, decision, reply) =>
          isOnWaitlist({ status, decision, offeringId: 1, reply }) ===
          (status === 'decided' && decision === 'waitlisted' && (reply === null || reply === 'staying_on_waitlist')),
      ),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('refuses a list naming someone twice, a list that is not the waitlist, an unknown applicant and a rank past the end', () => {
    expect(applyChange(['a', 'b'], { ids: ['a', 'a'] })).toEqual({ refusal: { code: 'duplicate' } });
    expect(applyChange(['a', 'b'], { ids: ['a'] })).toEqual({ refusal: { code: 'stale' } });
    expect(applyChange(['a', 'b'], { ids: ['a', 'c'] })).toEqual({ refusal: { code: 'stale' } });
    expect(applyChange(['a', 'b'], { id: 'c', rank: 1 })).toEqual({ refusal: { code: 'not-waitlisted', id: 'c' } });
    expect(applyChange(['a', 'b'], { id: 'a', rank: 3 })).toEqual({ refusal: { code: 'rank', max: 2 } });
    expect(applyChange(['a', 'b'], { id: 'a', rank: 0 })).toEqual({ refusal: { code: 'rank', max: 2 } });
    expect(applyChange(['a', 'b', 'c'], { id: 'c', rank: 1 })).toEqual({ order: ['c', 'a', 'b'] });
    expect(applyChange(['a', 'b', 'c'], { id: 'a', rank: 3 })).toEqual({ order: ['b', 'c', 'a'] });
    expect(waitlistVersion(['a', 'b'])).not.toBe(waitlistVersion(['b', 'a']));
    expect(waitlistVersion(['a', 'b'])).toMatch(/^[0-9a-f]{16}$/);
  });

  it('keeps the members, each once, after any sequence of reorders, moves, admits or withdrawals, and joins (model; the database run is waitlist-ranks.api-spec.ts)', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let order: string[] = [];
        let next = 0;
        for (const s of steps) {
          const before = [...order];
          if (s.kind === 'join') order = [...order, `app-${(next += 1)}`];
          else if (s.kind === 'leave') order = order.filter((_, i) => order.length === 0 || i !== s.pick % order.length);
          else if (s.kind === 'reorder') {
            const keyed = order.map((id, i) => ({ id, key: s.keys[i % s.keys.length]! + i / 1000 }));
            const wanted = keyed.sort((x, y) => x.key - y.key).map((k) => k.id);
            const result = applyChange(order, { ids: wanted });
            if (!('order' in result)) return false;
            if (result.order.join() !== wanted.join()) return false;
            order = result.order;
          } else if (order.length > 0) {
            const id = order[s.pick % order.length]!;
            const result = applyChange(order, { id, rank: s.rank });
            if (s.rank > order.length) {
              if (!('refusal' in result) || result.refusal.code !== 'rank') return false;
            } else {
              if (!('order' in result)) return false;
              // the moved one is at its rank; the others keep their order
              if (result.order[s.rank - 1] !== id) return false;
              if (result.order.filter((x) => x !== id).join() !== before.filter((x) => x !== id).join()) return false;
              order = result.order;
            }
          }
          // a permutation of the members (each once; the rank is the position, 1..n)
          if (new Set(order).size !== order.length || order.some((id) => !id.startsWith('app-'))) return false;
          if (s.kind === 'join' && order.length !== before.length + 1) return false;
          if (s.kind === 'leave' && before.length > 0 && order.length !== before.length - 1) return false;
        }
        return true;
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
