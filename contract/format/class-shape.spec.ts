import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { CLASS_SHAPE_COUNTS, emptyCounts, isOverCapacity, seatsLeft, sumClassShape, type ClassShapeLine } from './class-shape.js';

/** Fixed seed (fast-check prints it with any counterexample). */
const SEED = 29_5005;

const line = (over: Partial<ClassShapeLine> = {}): ClassShapeLine => ({ ...emptyCounts(), seats: null, declineReasons: [], ...over });

const arbitraryLine: fc.Arbitrary<ClassShapeLine> = fc.record({
  ...(Object.fromEntries(CLASS_SHAPE_COUNTS.map((key) => [key, fc.nat({ max: 500 })])) as Record<
    (typeof CLASS_SHAPE_COUNTS)[number],
    fc.Arbitrary<number>
  >),
  seats: fc.option(fc.nat({ max: 500 }), { nil: null }),
  declineReasons: fc.array(
    fc.record({ reason: fc.option(fc.constantFrom('Cost', 'Location', 'Other'), { nil: null }), count: fc.integer({ min: 1, max: 50 }) }),
    { maxLength: 4 },
  ),
});

describe('class shape arithmetic (issue 29 item 5)', () => {
  it('seats left and over capacity: only an offering with a limit can be over, and only strictly above it', () => {
    expect(seatsLeft(null, 12)).toBeNull();
    expect(seatsLeft(10, 4)).toBe(6);
    expect(seatsLeft(10, 12)).toBe(-2);
    expect(isOverCapacity(null, 1_000)).toBe(false);
    expect(isOverCapacity(10, 10)).toBe(false);
    expect(isOverCapacity(10, 11)).toBe(true);
    expect(isOverCapacity(0, 1)).toBe(true);
  });

  it('sums counts, merges reasons by value (no reason under ""), adds seats and counts the offerings over capacity', () => {
    const sum = sumClassShape([
      line({
        admitted: 5,
        accepted: 3,
        declined: 2,
        seats: 2,
        declineReasons: [
          { reason: 'Cost', count: 1 },
          { reason: null, count: 1 },
        ],
      }),
      line({ admitted: 4, accepted: 1, declined: 1, noReply: 2, seats: 10, declineReasons: [{ reason: 'Cost', count: 1 }] }),
    ]);
    expect(sum).toMatchObject({ offerings: 2, admitted: 9, accepted: 4, declined: 3, noReply: 2, seats: 12, overCapacity: 1 });
    expect(sum.declineReasons).toEqual({ Cost: 2, '': 1 });
  });

  it('a total has no seat limit as soon as one offering has none, and an empty list sums to zeros', () => {
    expect(sumClassShape([line({ seats: 5 }), line({ seats: null })]).seats).toBeNull();
    expect(sumClassShape([])).toEqual({ ...emptyCounts(), offerings: 0, seats: null, overCapacity: 0, declineReasons: {} });
  });

  it('summing is additive: the sum of two groups of lines equals the sum of all of them (randomized)', () => {
    fc.assert(
      fc.property(fc.array(arbitraryLine, { maxLength: 6 }), fc.array(arbitraryLine, { maxLength: 6 }), (a, b) => {
        const whole = sumClassShape([...a, ...b]);
        const left = sumClassShape(a);
        const right = sumClassShape(b);
        for (const key of CLASS_SHAPE_COUNTS) expect(whole[key]).toBe(left[key] + right[key]);
        expect(whole.offerings).toBe(a.length + b.length);
        expect(whole.overCapacity).toBe(left.overCapacity + right.overCapacity);
        const reasons = new Set([...Object.keys(left.declineReasons), ...Object.keys(right.declineReasons)]);
        expect(Object.keys(whole.declineReasons).sort()).toEqual([...reasons].sort());
        for (const key of reasons)
          expect(whole.declineReasons[key]).toBe((left.declineReasons[key] ?? 0) + (right.declineReasons[key] ?? 0));
        const limited = a.length + b.length > 0 && [...a, ...b].every((l) => l.seats !== null);
        expect(whole.seats).toBe(limited ? [...a, ...b].reduce((s, l) => s + l.seats!, 0) : null);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
