import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { seatCheck } from './seats.js';

/** Fixed seed (fast-check prints it with any counterexample). */
const SEED = 29_4004;

describe('seats against admits (issue 29 item 4)', () => {
  it('counts accepted offers and open offers against the seats, and warns only past them', () => {
    expect(seatCheck({ seats: 10, taken: 6, offersOut: 2 }, 2)).toEqual({
      seats: 10,
      taken: 6,
      offersOut: 2,
      requested: 2,
      seatsLeft: 4,
      freeAfter: 0,
      overCapacity: false,
    });
    expect(seatCheck({ seats: 10, taken: 6, offersOut: 2 }, 3)).toMatchObject({ freeAfter: -1, overCapacity: true });
    // already over: any admit warns, asking for none does not
    expect(seatCheck({ seats: 2, taken: 3, offersOut: 0 }, 1)).toMatchObject({ seatsLeft: -1, overCapacity: true });
    expect(seatCheck({ seats: 2, taken: 3, offersOut: 0 }, 0).overCapacity).toBe(false);
    expect(seatCheck({ seats: 0, taken: 0, offersOut: 0 }, 1).overCapacity).toBe(true);
  });

  it('never warns without a limit, and warns exactly when taken + out + requested > seats', () => {
    fc.assert(
      fc.property(
        fc.option(fc.nat({ max: 300 }), { nil: null }),
        fc.nat({ max: 300 }),
        fc.nat({ max: 300 }),
        fc.nat({ max: 300 }),
        (seats, taken, offersOut, requested) => {
          const check = seatCheck({ seats, taken, offersOut }, requested);
          if (seats === null) return !check.overCapacity && check.seatsLeft === null && check.freeAfter === null;
          return check.overCapacity === (requested > 0 && taken + offersOut + requested > seats) && check.seatsLeft === seats - taken;
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });
});
