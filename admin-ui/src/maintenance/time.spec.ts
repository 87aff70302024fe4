/**
 * Maintenance windows are entered in Eastern time and previewed in the viewer's zone; luxon
 * handles daylight saving.
 */
import { DateTime } from 'luxon';
import { boundaryInstant, formatInZone, parseEastern, previewWindow, validateWindow, windowStatus } from './time';

describe('parseEastern', () => {
  it('reads winter (EST, UTC-5) and summer (EDT, UTC-4) times', () => {
    const winter = parseEastern('2026-12-01', '22:00');
    const summer = parseEastern('2026-07-01', '22:00');
    expect(typeof winter !== 'string' && winter.toUTC().toISO()).toBe('2026-12-02T03:00:00.000Z');
    expect(typeof summer !== 'string' && summer.toUTC().toISO()).toBe('2026-07-02T02:00:00.000Z');
  });
  it('accepts HH:mm:ss from the API', () => {
    expect(typeof parseEastern('2026-12-01', '22:00:00')).not.toBe('string');
  });
  it('rejects malformed values and times skipped by spring-forward', () => {
    expect(parseEastern('12/01/2026', '22:00')).toBe('invalid_date');
    expect(parseEastern('2026-02-30', '22:00')).toBe('invalid_date');
    expect(parseEastern('2026-12-01', '10pm')).toBe('invalid_time');
    expect(parseEastern('2026-03-08', '02:30')).toBe('nonexistent_time');
  });
});

describe('validateWindow', () => {
  const ok = { startDate: '2026-12-01', startTime: '22:00', endDate: '2026-12-02', endTime: '02:00' };
  it('accepts a window whose end is after its start', () => {
    expect(validateWindow(ok)).toEqual({});
  });
  it('requires every field', () => {
    expect(validateWindow({})).toEqual({
      startDate: 'ra.validation.required',
      startTime: 'ra.validation.required',
      endDate: 'ra.validation.required',
      endTime: 'ra.validation.required',
    });
  });
  it('refuses an end before or equal to the start', () => {
    expect(validateWindow({ ...ok, endDate: '2026-12-01', endTime: '21:59' })).toEqual({
      endTime: 'app.maintenance.end_before_start',
    });
    expect(validateWindow({ ...ok, endDate: '2026-12-01', endTime: '22:00' })).toEqual({
      endTime: 'app.maintenance.end_before_start',
    });
  });
  it('compares instants, not wall clocks, across the fall-back change', () => {
    // The night clocks fall back: 00:30 EDT to the first 01:10 (still EDT) is a valid window.
    expect(validateWindow({ startDate: '2026-11-01', startTime: '00:30', endDate: '2026-11-01', endTime: '01:10' })).toEqual({});
  });
  it('names the malformed field', () => {
    expect(validateWindow({ ...ok, startTime: '25:00' })).toEqual({ startTime: 'app.maintenance.invalid_time' });
    expect(validateWindow({ ...ok, endDate: '2026-13-01' })).toEqual({ endDate: 'app.maintenance.invalid_date' });
  });
});

describe('preview in the viewer zone', () => {
  it('converts to Los Angeles and Shanghai', () => {
    const values = { startDate: '2026-12-01', startTime: '22:00', endDate: '2026-12-02', endTime: '02:00' };
    const la = previewWindow(values, 'America/Los_Angeles', 'en');
    expect(la?.start).toMatch(/Dec 1, 2026.*7:00\s?PM.*PST/);
    expect(la?.end).toMatch(/Dec 1, 2026.*11:00\s?PM/);
    const sh = previewWindow(values, 'Asia/Shanghai', 'en');
    expect(sh?.start).toMatch(/Dec 2, 2026.*11:00\s?AM/);
  });
  it('is null while incomplete', () => {
    expect(previewWindow({ startDate: '2026-12-01' }, 'UTC', 'en')).toBeNull();
  });
  it('formats in the given locale', () => {
    const dt = DateTime.fromISO('2026-12-02T03:00:00Z');
    expect(formatInZone(dt, 'Asia/Shanghai', 'zh-CN')).toMatch(/2026/);
  });
});

describe('window status', () => {
  const start = DateTime.fromISO('2026-12-02T03:00:00Z');
  const end = DateTime.fromISO('2026-12-02T07:00:00Z');
  it('is upcoming, active, then ended', () => {
    expect(windowStatus(start, end, DateTime.fromISO('2026-12-01T00:00:00Z'))).toBe('upcoming');
    expect(windowStatus(start, end, DateTime.fromISO('2026-12-02T04:00:00Z'))).toBe('active');
    expect(windowStatus(start, end, DateTime.fromISO('2026-12-02T07:00:00Z'))).toBe('ended');
  });
  it('prefers the API instant and falls back to the Eastern fields', () => {
    expect(boundaryInstant('2026-12-02T03:00:00Z')?.toUTC().toISO()).toBe('2026-12-02T03:00:00.000Z');
    expect(boundaryInstant(undefined, '2026-12-01', '22:00')?.toUTC().toISO()).toBe('2026-12-02T03:00:00.000Z');
    expect(boundaryInstant(null, 'bad', '22:00')).toBeNull();
  });
});
