import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import type { Offering } from '../offering.entity.js';
import type { Term } from '../term.entity.js';
import {
  acceptsSubmissionAt,
  deadlineFor,
  feeAt,
  isOpenAt,
  nextChangeAfter,
  roundAt,
  shiftedOffering,
  shiftedTerm,
  shiftYears,
  submittableUntil,
} from './admission-cycle.js';
import { plannedTerms } from './upcoming-terms.service.js';

/** Fixed seed for every property here (printed by fast-check on failure). */
const SEED = 25_2026;

/** A clock reading "now" in `zone` at a wall time: the instant an applicant there sees at that time. */
const at = (zone: string, wall: string) => DateTime.fromISO(wall, { zone }).toJSDate();

/** An offering open from `opensAt` to `closesAt`, with priority and regular rounds and a late fee. */
function offering(overrides: Partial<Offering> = {}): Offering {
  return {
    id: 1,
    programId: 1,
    termId: 1,
    locations: [],
    opensAt: new Date('2030-03-01T00:00:00Z'),
    closesAt: new Date('2030-06-01T00:00:00Z'),
    graceDays: 0,
    rounds: [
      { key: 'regular', labels: { en: 'Regular', es: 'Regular', 'zh-CN': '常规' }, deadlineAt: '2030-06-01T00:00:00.000Z' },
      { key: 'priority', labels: { en: 'Priority', es: 'Prioritario', 'zh-CN': '优先' }, deadlineAt: '2030-04-15T03:59:59.000Z' },
    ],
    applicationFeeCents: 15_000,
    lateFeeCents: 5_000,
    lateFeeStartsAt: new Date('2030-04-15T03:59:59Z'),
    seats: null,
    replyDeadlineAt: null,
    acceptsDeferrals: false,
    depositCents: null,
    depositRefundable: false,
    depositDueDays: null,
    lapseUnpaidDeposits: false,
    open: true,
    archived: false,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...overrides,
  };
}

describe('admission cycle rules (issue 25), judged on a fake clock in several zones', () => {
  const o = offering();

  it('opens at opensAt (inclusive) and closes at closesAt (exclusive), whatever zone the applicant is in', () => {
    // midnight UTC is 8:00 the same day in Shanghai and 16:00 the day before in Los Angeles
    expect(isOpenAt(o, at('Asia/Shanghai', '2030-03-01T07:59:59.999'))).toBe(false);
    expect(isOpenAt(o, at('Asia/Shanghai', '2030-03-01T08:00:00'))).toBe(true);
    expect(isOpenAt(o, at('America/Los_Angeles', '2030-02-28T15:59:59.999'))).toBe(false);
    expect(isOpenAt(o, at('America/Los_Angeles', '2030-02-28T16:00:00'))).toBe(true);
    expect(isOpenAt(o, at('America/New_York', '2030-05-31T19:59:59.999'))).toBe(true);
    expect(isOpenAt(o, at('America/New_York', '2030-05-31T20:00:00'))).toBe(false);
    expect(isOpenAt(o, at('Asia/Shanghai', '2030-06-01T08:00:00'))).toBe(false);
  });

  it('is never open while closed by the office or archived', () => {
    const inside = new Date('2030-04-01T00:00:00Z');
    expect(isOpenAt(offering({ open: false }), inside)).toBe(false);
    expect(isOpenAt(offering({ archived: true }), inside)).toBe(false);
  });

  it('takes submissions for graceDays after the close, counted in office days across daylight saving', () => {
    const graced = offering({ closesAt: new Date('2030-03-09T05:00:00Z'), graceDays: 2 }); // Sat 9 Mar 00:00 New York (EST)
    // 2 office days later is 11 Mar 00:00 EDT = 04:00 UTC (clocks went forward on 10 Mar)
    expect(submittableUntil(graced).toISOString()).toBe('2030-03-11T04:00:00.000Z');
    expect(acceptsSubmissionAt(graced, new Date('2030-03-11T03:59:59.999Z'))).toBe(true);
    expect(acceptsSubmissionAt(graced, new Date('2030-03-11T04:00:00Z'))).toBe(false);
    expect(acceptsSubmissionAt(offering(), new Date('2030-06-01T00:00:00Z'))).toBe(false);
  });

  it("places an application in the first round whose deadline is ahead, and shows only that round's deadline while it is ahead", () => {
    expect(roundAt(o, new Date('2030-04-15T03:59:59Z'))?.key).toBe('priority');
    expect(roundAt(o, new Date('2030-04-15T04:00:00Z'))?.key).toBe('regular');
    expect(roundAt(o, new Date('2030-06-01T00:00:01Z'))).toBeNull();
    // a draft today: its round now; submitted in priority and read after that deadline: no past date shown
    expect(deadlineFor(o, new Date('2030-04-01T00:00:00Z'))?.key).toBe('priority');
    expect(deadlineFor(o, new Date('2030-05-01T00:00:00Z'), new Date('2030-04-01T00:00:00Z'))).toBeNull();
    expect(deadlineFor(o, new Date('2030-05-01T00:00:00Z'))?.deadlineAt).toBe('2030-06-01T00:00:00.000Z');
  });

  it('charges the late fee only strictly after its start, and never without one', () => {
    expect(feeAt(o, new Date('2030-04-15T03:59:59Z')).lateFeeCents).toBe(0);
    expect(feeAt(o, new Date('2030-04-15T03:59:59.001Z')).lateFeeCents).toBe(5_000);
    expect(feeAt(offering({ lateFeeStartsAt: null }), new Date('2099-01-01T00:00:00Z')).lateFeeCents).toBe(0);
    expect(feeAt(o, new Date('2030-03-02T00:00:00Z')).applicationFeeCents).toBe(15_000);
  });

  it('names the next instant the open catalogue changes', () => {
    const other = offering({ opensAt: new Date('2030-05-01T00:00:00Z'), closesAt: new Date('2030-09-01T00:00:00Z') });
    expect(nextChangeAfter([o, other], new Date('2030-04-01T00:00:00Z'))?.toISOString()).toBe('2030-05-01T00:00:00.000Z');
    expect(nextChangeAfter([o, other], new Date('2030-05-01T00:00:00Z'))?.toISOString()).toBe('2030-06-01T00:00:00.000Z');
    expect(nextChangeAfter([o], new Date('2031-01-01T00:00:00Z'))).toBeNull();
  });

  it('rolls an offering over keeping office wall-clock times across daylight saving', () => {
    // 23:59 New York on 15 Jan (EST) → 15 Jul (EDT): still 23:59 there
    const winter = offering({ closesAt: new Date('2030-01-16T04:59:00Z'), rounds: [] });
    expect(shiftedOffering(winter, 6).closesAt.toISOString()).toBe('2030-07-16T03:59:00.000Z');
    expect(shiftedOffering(o, 12).lateFeeStartsAt?.toISOString()).toBe('2031-04-15T03:59:59.000Z');
    expect(shiftedOffering(o, 12).rounds.map((r) => r.deadlineAt)).toEqual(['2031-06-01T00:00:00.000Z', '2031-04-15T03:59:59.000Z']);
  });

  it("moves the years in a term's key and labels in every language", () => {
    const term = { key: 'Fall 2030', labels: { en: 'Fall 2030', es: 'Otoño 2030', 'zh-CN': '2030 年秋季' }, startsOn: '2030-08-31' };
    expect(shiftedTerm(term, 12)).toEqual({
      key: 'Fall 2031',
      labels: { en: 'Fall 2031', es: 'Otoño 2031', 'zh-CN': '2031 年秋季' },
      startsOn: '2031-08-31',
    });
    expect(shiftedTerm(term, 6).key).toBe('Fall 2030');
    expect(shiftYears('Cohort 12345 of 2030', 2)).toBe('Cohort 12345 of 2032');
  });
});

describe('upcoming terms never rot (issue 25 item 4)', () => {
  /** The terms the migration seeds (the former constant): three kinds, one of them twice. */
  const seeded: Term[] = [
    ['Fall 2025', '2025-09-01'],
    ['Spring 2026', '2026-01-01'],
    ['Summer 2026', '2026-05-01'],
    ['Fall 2026', '2026-09-01'],
  ].map(([key, startsOn], i) => ({
    id: i + 1,
    key: key!,
    labels: { en: key!, es: key!, 'zh-CN': key! },
    startsOn: startsOn!,
    archived: false,
    createdAt: new Date(0),
    updatedAt: new Date(0),
  }));

  it('plans, on any day of the next three years, three terms that all begin at least three weeks ahead, one of each kind', () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 * 366 }), fc.constantFrom('Asia/Shanghai', 'America/Los_Angeles', 'UTC'), (day, zone) => {
        const now = DateTime.fromMillis(start, { zone }).plus({ days: day }).toJSDate();
        const planned = plannedTerms(seeded, now);
        expect(planned).toHaveLength(3);
        const kinds = new Set(planned.map((p) => p.key.replace(/\d{4}/, '#')));
        expect(kinds.size).toBe(3);
        for (const plan of planned) {
          const begins = DateTime.fromISO(plan.startsOn, { zone: 'America/New_York' });
          expect(begins.diff(DateTime.fromJSDate(now), 'days').days).toBeGreaterThanOrEqual(20);
          expect(plan.months % 12).toBe(0);
        }
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('repeats the latest term of each kind (a later Fall replaces the earlier one as the model)', () => {
    const planned = plannedTerms(seeded, new Date('2026-11-28T12:00:00Z'));
    expect(planned.map((p) => [p.key, p.template.key])).toEqual([
      ['Spring 2027', 'Spring 2026'],
      ['Summer 2027', 'Summer 2026'],
      ['Fall 2027', 'Fall 2026'],
    ]);
  });
});
