import { describe, expect, it } from '@jest/globals';
import { easternToInstant } from './eastern-time.js';

describe('easternToInstant', () => {
  it('converts winter times with the EST offset (UTC-5)', () => {
    expect(easternToInstant('2026-12-01', '22:00')?.toISOString()).toBe('2026-12-02T03:00:00.000Z');
  });

  it('converts summer times with the EDT offset (UTC-4)', () => {
    expect(easternToInstant('2026-07-04', '09:30:00')?.toISOString()).toBe('2026-07-04T13:30:00.000Z');
  });

  it('refuses a wall time inside the spring-forward gap', () => {
    expect(easternToInstant('2026-03-08', '02:30')).toBeNull();
  });

  it('refuses impossible dates', () => {
    expect(easternToInstant('2026-02-30', '10:00')).toBeNull();
  });
});
