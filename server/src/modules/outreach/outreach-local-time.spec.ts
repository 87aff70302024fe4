import { describe, expect, it } from '@jest/globals';
import { DateTime } from 'luxon';
import {
  applicantZone,
  earliestInstant,
  isDaytime,
  isLocalTime,
  localTimeInstant,
  nextDaytime,
  toLocalTime,
  zonesReached,
} from './outreach-local-time.js';

/** The day of next year's March on which `zone` changes its offset (its spring-forward day), at local midnight. */
function marchChange(zone: string): DateTime {
  let day = DateTime.now().setZone(zone).plus({ years: 1 }).set({ month: 3, day: 1 }).startOf('day');
  while (day.month === 3) {
    if (day.offset !== day.endOf('day').offset) return day;
    day = day.plus({ days: 1 });
  }
  throw new Error(`${zone} has no offset change in March`);
}

/** The instant of local wall-clock `hour:minute` on `day` in its zone. */
const at = (day: DateTime, hour: number, minute = 0) => day.set({ hour, minute }).toJSDate();

describe('outreach local time (luxon, DST included)', () => {
  it('reads an applicant’s zone, the office’s for none or an unknown one', () => {
    expect(applicantZone('Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(applicantZone(null)).toBe('America/New_York');
    expect(applicantZone('Mars/Olympus')).toBe('America/New_York');
  });

  it.each(['America/New_York', 'Asia/Jerusalem'])('on %s’s spring-forward day: daytime is 9:00–19:00 on the wall clock', (zone) => {
    const day = marchChange(zone);
    // the change happened overnight: the offset at 9:00 differs from the previous day's
    expect(day.set({ hour: 9 }).offset).not.toBe(day.minus({ days: 1 }).set({ hour: 9 }).offset);
    expect(isDaytime(at(day, 8, 59), zone)).toBe(false);
    expect(isDaytime(at(day, 9), zone)).toBe(true);
    expect(isDaytime(at(day, 18, 59), zone)).toBe(true);
    expect(isDaytime(at(day, 19), zone)).toBe(false);
    // 3 a.m. waits for the same day's 9:00 (six wall-clock hours, whatever the instant arithmetic says)
    expect(nextDaytime(at(day, 3), zone)).toEqual(at(day, 9));
    // the evening before waits for the change day's 9:00: fewer than 14 real hours after 19:00
    const eveningBefore = at(day.minus({ days: 1 }), 19, 30);
    expect(nextDaytime(eveningBefore, zone)).toEqual(at(day, 9));
    expect(at(day, 9).getTime() - eveningBefore.getTime()).toBe((13.5 - 1) * 3_600_000);
    // in daytime it goes at once
    const noon = at(day, 12);
    expect(nextDaytime(noon, zone)).toBe(noon);
  });

  it('Asia/Shanghai (UTC+8 all year): 01:00 UTC is 9:00 local, 11:00 UTC is 19:00', () => {
    const day = DateTime.now().setZone('Asia/Shanghai').plus({ days: 30 }).startOf('day');
    expect(isDaytime(at(day, 9), 'Asia/Shanghai')).toBe(true);
    expect(DateTime.fromJSDate(at(day, 9)).toUTC().hour).toBe(1);
    expect(isDaytime(at(day, 19), 'Asia/Shanghai')).toBe(false);
    expect(nextDaytime(at(day, 23), 'Asia/Shanghai')).toEqual(at(day.plus({ days: 1 }), 9));
  });

  it('checks local times, and resolves one in a zone, in the earliest zone and per applicant zone', () => {
    const year = DateTime.now().year + 1;
    expect(isLocalTime(`${year}-02-28T09:30`)).toBe(true);
    expect(isLocalTime(`${year}-02-30T09:30`)).toBe(false);
    expect(isLocalTime(`${year}-02-28T25:00`)).toBe(false);
    expect(isLocalTime(`${year}-02-28 09:30`)).toBe(false);
    const day = marchChange('America/New_York');
    const local = `${day.toISODate()}T10:00`;
    expect(localTimeInstant(local, 'America/New_York')).toEqual(at(day, 10));
    expect(toLocalTime(localTimeInstant(local, 'Asia/Shanghai'), 'Asia/Shanghai')).toBe(local);
    // a time the spring-forward skips (02:30) resolves after the gap
    expect(toLocalTime(localTimeInstant(`${day.toISODate()}T02:30`, 'America/New_York'), 'America/New_York')).toBe(
      `${day.toISODate()}T03:30`,
    );
    // UTC+14 reaches 10:00 first: before Shanghai, Jerusalem and New York
    const first = earliestInstant(local).getTime();
    for (const zone of ['Asia/Shanghai', 'Asia/Jerusalem', 'America/New_York'])
      expect(first).toBeLessThan(localTimeInstant(local, zone).getTime());
    // at 10:30 in Jerusalem: Shanghai and Jerusalem have reached 10:00, New York (and no zone: the office's) not yet
    const now = localTimeInstant(`${day.toISODate()}T10:30`, 'Asia/Jerusalem');
    expect(zonesReached(local, ['Asia/Shanghai', 'Asia/Jerusalem', 'America/New_York', ''], now)).toEqual([
      'Asia/Shanghai',
      'Asia/Jerusalem',
    ]);
  });
});
