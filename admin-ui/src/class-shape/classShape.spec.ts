/**
 * The Class page's pure helpers (issue 29 item 5): totals of the rows shown, the decline reasons merged over
 * the offerings, how a row's seats read, and whether any decision is out yet.
 */
import { classTotals, hasDecisions, reasonBreakdown, seatState, type ClassShapeRecord } from './classShape';
import { csvExportUrl } from '../applications/files';

const row = (over: Partial<ClassShapeRecord>): ClassShapeRecord => ({
  id: 1,
  termId: 1,
  termKey: 'term-a',
  termLabel: 'Term A',
  termStartsOn: '2031-09-01',
  programId: 1,
  programName: 'MSW',
  programLabel: 'Social Work',
  gender: 'male',
  archived: false,
  seats: null,
  seatsLeft: null,
  overCapacity: false,
  admitted: 0,
  accepted: 0,
  declined: 0,
  deferralRequested: 0,
  deferred: 0,
  noReply: 0,
  waitlisted: 0,
  waitlistStaying: 0,
  waitlistWithdrawn: 0,
  deposited: 0,
  lapsed: 0,
  melt: 0,
  waitlistNoReply: 0,
  declineReasons: [],
  ...over,
});

describe('classTotals', () => {
  it('adds the rows up: counts, seats (no limit as soon as one has none) and offerings over capacity', () => {
    const limited = [
      row({ id: 1, seats: 2, admitted: 5, accepted: 3, overCapacity: true }),
      row({ id: 2, seats: 10, admitted: 4, accepted: 1 }),
    ];
    expect(classTotals(limited)).toMatchObject({ offerings: 2, seats: 12, admitted: 9, accepted: 4, overCapacity: 1 });
    expect(classTotals([...limited, row({ id: 3, seats: null, accepted: 1 })])).toMatchObject({ offerings: 3, seats: null, accepted: 5 });
  });
});

describe('reasonBreakdown', () => {
  it('merges reasons by value over the rows, most frequent first, ties by label, no reason last', () => {
    const rows = [
      row({
        declineReasons: [
          { reason: 'Location', label: 'Ubicación', count: 1 },
          { reason: null, label: null, count: 4 },
        ],
      }),
      row({
        declineReasons: [
          { reason: 'Cost', label: 'Costo', count: 1 },
          { reason: 'Location', label: 'Ubicación', count: 2 },
          { reason: 'Fit', label: 'Adecuado', count: 1 },
        ],
      }),
    ];
    expect(reasonBreakdown(rows)).toEqual([
      { reason: 'Location', label: 'Ubicación', count: 3 },
      { reason: 'Fit', label: 'Adecuado', count: 1 },
      { reason: 'Cost', label: 'Costo', count: 1 },
      { reason: null, label: null, count: 4 },
    ]);
    expect(reasonBreakdown([])).toEqual([]);
  });
});

describe('seatState', () => {
  it('reads unlimited, open, full and over (only strictly above the seats)', () => {
    expect(seatState({ seats: null, accepted: 99 })).toBe('unlimited');
    expect(seatState({ seats: 3, accepted: 2 })).toBe('open');
    expect(seatState({ seats: 3, accepted: 3 })).toBe('full');
    expect(seatState({ seats: 3, accepted: 4 })).toBe('over');
    expect(seatState({ seats: 0, accepted: 1 })).toBe('over');
  });
});

describe('hasDecisions', () => {
  it('is true once an admit, a waitlist place or a deferral is counted', () => {
    expect(hasDecisions({ admitted: 0, waitlisted: 0, deferred: 0 })).toBe(false);
    expect(hasDecisions({ admitted: 0, waitlisted: 1, deferred: 0 })).toBe(true);
    expect(hasDecisions({ admitted: 0, waitlisted: 0, deferred: 1 })).toBe(true);
  });
});

describe('the Class page export URL', () => {
  it('asks for the class-shape CSV with the term filter and sort', () => {
    const url = new URL(csvExportUrl('/api/admin', { termId: 7 }, { field: 'accepted', order: 'DESC' }, 'class-shape'), 'http://x');
    expect(url.pathname).toBe('/api/admin/class-shape/export.csv');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ termId: 7 });
    expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['accepted', 'DESC']);
  });
});
