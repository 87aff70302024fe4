/**
 * Spec §4/§9: after a save the updated flag is true for 500 ms, then false.
 */
import { jest } from '@jest/globals';
import { createResettingFlag } from './updatedFlag';

describe('createResettingFlag', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is true for 500 ms after mark(), then false', () => {
    const changes: boolean[] = [];
    const flag = createResettingFlag((v) => changes.push(v));
    expect(flag.value).toBe(false);
    flag.mark();
    expect(flag.value).toBe(true);
    jest.advanceTimersByTime(499);
    expect(flag.value).toBe(true);
    jest.advanceTimersByTime(1);
    expect(flag.value).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('restarts the 500 ms on a second save', () => {
    const flag = createResettingFlag(() => undefined);
    flag.mark();
    jest.advanceTimersByTime(400);
    flag.mark();
    jest.advanceTimersByTime(400);
    expect(flag.value).toBe(true);
    jest.advanceTimersByTime(100);
    expect(flag.value).toBe(false);
  });

  it('does nothing after dispose()', () => {
    const changes: boolean[] = [];
    const flag = createResettingFlag((v) => changes.push(v));
    flag.mark();
    flag.dispose();
    jest.advanceTimersByTime(1000);
    expect(changes).toEqual([true]);
  });
});
