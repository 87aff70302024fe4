/**
 * Dashboard Home helpers: the stats answer read safely, counts / semesters / funnel / time per
 * step as chart series, and durations, money and shares in human units.
 */
import { countSeries, formatShare, funnelSeries, normaliseStats, semesterSeries, timeSeries } from './stats';
import { formatDuration } from './duration';

const CLASS_TOTAL = {
  admitted: 12,
  accepted: 5,
  declined: 4,
  deferralRequested: 1,
  deferred: 1,
  noReply: 2,
  waitlisted: 3,
  waitlistStaying: 1,
  waitlistWithdrawn: 1,
  waitlistNoReply: 1,
  deposited: 3,
  lapsed: 1,
  melt: 1,
  offerings: 3,
  seats: null,
  overCapacity: 1,
  declineReasons: { 'Cost or financial aid': 3, '': 1 },
};

const documented = {
  total: 10000,
  byStatus: { draft: 6000, submitted: 2000, complete: 1000, withdrawn: 1000 },
  byProgram: { MSW: 1250 },
  byProgramGroup: { graduate: 3750 },
  bySemester: { 'Spring 2026': 2500 },
  byRound: { priority: 2000, '': 500 },
  termOrder: ['Spring 2026'],
  byPaymentStatus: { Unpaid: 5000, Paid: 2500 },
  funnel: [
    { step: 1, reached: 10000 },
    { step: 2, reached: 9001 },
  ],
  timePerStep: [{ step: 'personal', count: 10000, medianSeconds: 346.0, p90Seconds: 590.6 }],
  activeSessions: 134,
  payments: {
    attempts: 5000,
    collected: 750000,
    currency: 'EUR',
    approved: 2500,
    waived: 500,
    byStatus: { approved: { count: 2500, amount: 750000 } },
  },
  classShape: {
    total: CLASS_TOTAL,
    byTerm: [{ term: 'term-a', ...CLASS_TOTAL, seats: 40 }],
  },
  generatedAt: '2026-11-22T07:40:00.000Z',
};

describe('normaliseStats', () => {
  it('keeps every documented field of the answer', () => {
    expect(normaliseStats(documented)).toEqual(documented);
  });

  it('reads a { success, data } envelope and turns numeric strings into numbers', () => {
    const stats = normaliseStats({
      success: true,
      data: { total: '3', byStatus: { draft: '3' }, timePerStep: [{ step: 'family', count: 1, medianSeconds: '12.5', p90Seconds: 20 }] },
    });
    expect(stats.total).toBe(3);
    expect(stats.byStatus).toEqual({ draft: 3 });
    expect(stats.timePerStep).toEqual([{ step: 'family', count: 1, medianSeconds: 12.5, p90Seconds: 20 }]);
  });

  it('fills what an older or broken answer lacks with zeros and empty lists', () => {
    const stats = normaliseStats({ total: 2, byStatus: { draft: 2 }, funnel: 'nope', payments: null });
    expect(stats).toMatchObject({ total: 2, byProgram: {}, funnel: [], timePerStep: [], activeSessions: 0, generatedAt: null });
    expect(stats.payments).toEqual({ attempts: 0, collected: 0, currency: 'USD', approved: 0, waived: 0, byStatus: {} });
    // an answer from before the class view (issue 29 item 5): zeros, no seat limit, no term
    expect(stats.classShape.byTerm).toEqual([]);
    expect(stats.classShape.total).toMatchObject({ admitted: 0, accepted: 0, noReply: 0, offerings: 0, seats: null, declineReasons: {} });
    expect(normaliseStats(null).total).toBe(0);
  });
});

describe('countSeries', () => {
  it('sorts largest first, ties by label, drops zeros and labels each key', () => {
    expect(countSeries({ b: 2, a: 2, c: 5, z: 0 }, (k) => k.toUpperCase())).toEqual([
      { key: 'c', label: 'C', value: 5 },
      { key: 'a', label: 'A', value: 2 },
      { key: 'b', label: 'B', value: 2 },
    ]);
  });
});

describe('semesters', () => {
  it('semesterSeries follows the server’s term order first, whatever the names say', () => {
    const order = ['term-b', 'term-a'];
    expect(semesterSeries({ 'term-a': 9, other: 2, 'term-b': 1 }, undefined, order).map((d) => d.key)).toEqual([
      'term-b',
      'term-a',
      'other',
    ]);
  });
});

describe('funnelSeries', () => {
  it('gives steps 1–8, a missing step as 0, and each share of the total', () => {
    const funnel = funnelSeries(documented.funnel, 10000);
    expect(funnel).toHaveLength(8);
    expect(funnel[0]).toEqual({ step: 1, reached: 10000, share: 1 });
    expect(funnel[1]).toEqual({ step: 2, reached: 9001, share: 0.9001 });
    expect(funnel[7]).toEqual({ step: 8, reached: 0, share: 0 });
  });
  it('has zero shares when there are no applications', () => {
    expect(funnelSeries([], 0).every((f) => f.share === 0)).toBe(true);
  });
});

describe('timeSeries', () => {
  it('puts the steps in form order, unknown keys last', () => {
    const t = (step: string) => ({ step, count: 1, medianSeconds: 1, p90Seconds: 1 });
    expect(timeSeries([t('payment'), t('zzz'), t('documents'), t('personal')]).map((s) => s.step)).toEqual([
      'personal',
      'payment',
      'documents',
      'zzz',
    ]);
  });
});

describe('formatting', () => {
  it('formats durations in human units', () => {
    expect(formatDuration(346, 'en')).toBe('5 min, 46 sec');
    expect(formatDuration(590.6, 'en')).toBe('9 min, 51 sec');
    expect(formatDuration(3720, 'en')).toBe('1 hr, 2 min');
    expect(formatDuration(4.26, 'en')).toBe('4.3 sec');
    expect(formatDuration(42.4, 'en')).toBe('42 sec');
    expect(formatDuration(-1, 'en')).toBe('0 sec');
    expect(formatDuration(346, 'zh-CN')).toContain('5');
    expect(formatDuration(346, 'zh-CN')).toContain('分钟');
  });
  it('formats shares in the locale', () => {
    expect(formatShare(0.9001, 'en')).toBe('90%');
    expect(formatShare(0.1234, 'en')).toBe('12.3%');
  });
});
