import { describe, expect, it } from '@jest/globals';
import { zonedTime } from './zoned-time.js';

describe('zonedTime (issue 11 item 3, issue 27 item 7)', () => {
  const moment = new Date('2026-01-15T15:30:00Z');

  it("writes the moment in the applicant's zone and language, the zone by its long name in that language", () => {
    expect(zonedTime(moment, 'en', 'America/Toronto')).toBe('January 15, 2026 10:30 AM (Eastern Standard Time)');
    expect(zonedTime(moment, 'es', 'America/Mexico_City')).toBe('15 de enero de 2026 9:30 (hora estándar central)');
    expect(zonedTime(moment, 'zh-CN', 'Asia/Shanghai')).toMatch(/^2026年1月15日 .*23:30 \(中国标准时间\)$/);
  });

  it('names summer time in summer, and writes UTC for no zone or an unknown one', () => {
    expect(zonedTime(new Date('2026-07-15T15:30:00Z'), 'en', 'America/Toronto')).toBe('July 15, 2026 11:30 AM (Eastern Daylight Time)');
    expect(zonedTime(moment, 'en', null)).toMatch(/^January 15, 2026 3:30\sPM \(UTC\)$/);
    expect(zonedTime(moment, 'en', 'Mars/Olympus')).toMatch(/^January 15, 2026 3:30\sPM \(UTC\)$/);
  });

  it('never writes a raw zone id', () => {
    for (const zone of ['America/Toronto', 'America/Mexico_City', 'Asia/Shanghai', 'Europe/Madrid']) {
      for (const locale of ['en', 'es', 'zh-CN'] as const) expect(zonedTime(moment, locale, zone)).not.toContain(zone);
    }
  });
});
