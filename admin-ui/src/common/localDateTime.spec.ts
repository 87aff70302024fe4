/**
 * Instants entered and shown in the admin's own zone: conversions both ways, across a daylight
 * saving change, and the formatted text naming the zone.
 */
import { DateTime } from 'luxon';
import { formatInstant, formatWallClock, isoToLocalInput, isPast, localInputToIso, zoneDisplayName } from './localDateTime';

describe('isoToLocalInput', () => {
  it('shows a UTC instant as wall-clock time of the given zone', () => {
    expect(isoToLocalInput('2026-07-01T16:00:00.000Z', 'America/Los_Angeles')).toBe('2026-07-01T09:00');
    expect(isoToLocalInput('2026-01-15T16:00:00.000Z', 'America/Los_Angeles')).toBe('2026-01-15T08:00');
    expect(isoToLocalInput('2026-01-15T16:00:00.000Z', 'Asia/Shanghai')).toBe('2026-01-16T00:00');
  });

  it('gives an empty string for null, empty or unreadable values, and keeps a value being typed', () => {
    expect(isoToLocalInput(null, 'UTC')).toBe('');
    expect(isoToLocalInput('', 'UTC')).toBe('');
    expect(isoToLocalInput('not a date', 'UTC')).toBe('');
    expect(isoToLocalInput('2026-02-03T04:05', 'UTC')).toBe('2026-02-03T04:05');
  });
});

describe('localInputToIso', () => {
  it('reads the wall-clock time in the zone and answers UTC', () => {
    expect(localInputToIso('2026-07-01T09:00', 'America/Los_Angeles')).toBe('2026-07-01T16:00:00.000Z');
    expect(localInputToIso('2026-01-16T00:00', 'Asia/Shanghai')).toBe('2026-01-15T16:00:00.000Z');
  });

  it('answers null when cleared or unreadable', () => {
    expect(localInputToIso('', 'UTC')).toBeNull();
    expect(localInputToIso(null, 'UTC')).toBeNull();
    expect(localInputToIso('31/12/2026', 'UTC')).toBeNull();
  });

  it('round-trips with isoToLocalInput', () => {
    for (const iso of ['2026-03-08T08:30:00.000Z', '2026-11-02T06:30:00.000Z']) {
      // the mornings after Chicago springs forward and falls back
      expect(localInputToIso(isoToLocalInput(iso, 'America/Chicago'), 'America/Chicago')).toBe(iso);
    }
  });
});

describe('formatInstant', () => {
  it('names the zone', () => {
    expect(formatInstant('2026-07-01T16:00:00.000Z', 'en', 'America/New_York')).toBe('Jul 1, 2026, 12:00 PM EDT');
    expect(formatInstant(null, 'en', 'UTC')).toBe('');
  });
});

describe('isPast', () => {
  const now = DateTime.fromISO('2026-03-04T00:00:00Z');
  it('is true at or before now, false later or for null', () => {
    expect(isPast('2026-03-04T00:00:00Z', now)).toBe(true);
    expect(isPast('2026-03-03T00:00:00Z', now)).toBe(true);
    expect(isPast('2026-03-05T00:00:00Z', now)).toBe(false);
    expect(isPast(null, now)).toBe(false);
  });
});

describe('zoneDisplayName', () => {
  it("names the office's zone in each console language, not by its id", () => {
    expect(zoneDisplayName('America/New_York', 'en')).toBe('Eastern Time');
    expect(zoneDisplayName('America/New_York', 'es')).toBe('hora oriental');
    expect(zoneDisplayName('America/New_York', 'zh-CN')).toBe('北美东部时间');
  });
  it('falls back to the id for a zone the runtime does not know', () => {
    expect(zoneDisplayName('Mars/Olympus_Mons', 'en')).toBe('Mars/Olympus_Mons');
  });
});

describe('formatWallClock', () => {
  it('reads a datetime-local value in each language, the same wall-clock time whatever the viewer zone', () => {
    expect(formatWallClock('2031-03-10T10:00', 'en')).toMatch(/^Mar 10, 2031, 10:00\sAM$/);
    expect(formatWallClock('2031-03-10T10:00', 'es')).toMatch(/^10 mar 2031, 10:00$/);
    expect(formatWallClock('2031-03-10T10:00', 'zh-CN')).toBe('2031年3月10日 10:00');
  });
  it('keeps an unreadable value as it is', () => {
    expect(formatWallClock('soon', 'en')).toBe('soon');
  });
});
