/**
 * Instants entered and shown in the admin's own zone: conversions both ways, across a daylight
 * saving change, and the formatted text naming the zone.
 */
import { DateTime } from 'luxon';
import { formatInstant, isoToLocalInput, isPast, localInputToIso } from './localDateTime';

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
