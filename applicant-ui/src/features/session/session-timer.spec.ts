import { jest } from '@jest/globals';
import {
  createSessionTimer,
  elapsedSeconds,
  findFreeSessionId,
  sessionTime,
  SESSION_MAX_MS,
  SESSION_WARN_BEFORE_MS,
} from './session-timer';

describe('session timer (spec §4, §9)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('warns two minutes before the 30-minute maximum, then ends', () => {
    const onWarn = jest.fn();
    const onEnd = jest.fn();
    const timer = createSessionTimer({ onWarn, onEnd });
    timer.start();
    jest.advanceTimersByTime(SESSION_MAX_MS - SESSION_WARN_BEFORE_MS - 1);
    expect(onWarn).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(onWarn).toHaveBeenCalledTimes(1);
    expect(onWarn.mock.calls[0]![0]).toBe(120_000);
    expect(onEnd).not.toHaveBeenCalled();
    jest.advanceTimersByTime(SESSION_WARN_BEFORE_MS);
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(SESSION_MAX_MS).toBe(1_800_000);
  });

  it('renew starts a new full period: no end at the old deadline', () => {
    const onWarn = jest.fn();
    const onEnd = jest.fn();
    const timer = createSessionTimer({ onWarn, onEnd });
    timer.start();
    jest.advanceTimersByTime(SESSION_MAX_MS - 60_000);
    expect(onWarn).toHaveBeenCalledTimes(1);
    timer.renew();
    expect(timer.msLeft()).toBe(SESSION_MAX_MS);
    jest.advanceTimersByTime(60_000);
    expect(onEnd).not.toHaveBeenCalled();
    jest.advanceTimersByTime(SESSION_MAX_MS - 60_000);
    expect(onWarn).toHaveBeenCalledTimes(2);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('stop cancels both timers', () => {
    const onWarn = jest.fn();
    const onEnd = jest.fn();
    const timer = createSessionTimer({ onWarn, onEnd, maxMs: 10_000, warnBeforeMs: 2_000 });
    timer.start();
    timer.stop();
    jest.advanceTimersByTime(20_000);
    expect(onWarn).not.toHaveBeenCalled();
    expect(onEnd).not.toHaveBeenCalled();
    expect(timer.msLeft()).toBe(0);
  });
});

describe('session ids and times', () => {
  it('retries with a fresh id while the server answers SES-001', async () => {
    const answers = ['SES-001', 'SES-001', 'SES-000'];
    const ids = ['a1234567', 'b1234567', 'c1234567'];
    const checked: string[] = [];
    const id = await findFreeSessionId(
      async (candidate) => {
        checked.push(candidate);
        return answers.shift()!;
      },
      () => ids.shift()!,
    );
    expect(id).toBe('c1234567');
    expect(checked).toEqual(['a1234567', 'b1234567', 'c1234567']);
  });

  it('gives up after the allowed attempts', async () => {
    await expect(
      findFreeSessionId(
        async () => 'SES-001',
        () => 'x1234567',
        3,
      ),
    ).rejects.toThrow();
  });

  it('formats times as YYYY-MM-DDTHH:mm:ss±hh:mm', () => {
    expect(sessionTime(new Date(2026, 10, 22, 9, 5, 7))).toMatch(/^2026-11-22T09:05:07[+-]\d{2}:\d{2}$/);
  });

  it('measures durations in seconds with 4 decimals', () => {
    expect(elapsedSeconds(1000, 13345.67891)).toBe(12.3457);
    expect(elapsedSeconds(5, 1)).toBe(0);
  });
});
