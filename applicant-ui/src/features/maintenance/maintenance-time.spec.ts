import { easternToZone, formatMaintenanceTime, toMaintenanceWindow } from './maintenance-time';

describe('maintenance time conversion (Eastern → viewer zone)', () => {
  it('converts winter (EST, UTC-5) to UTC', () => {
    const dt = easternToZone('2026-12-01', '22:00:00', 'UTC');
    expect(dt?.toISO({ suppressMilliseconds: true })).toBe('2026-12-02T03:00:00Z');
  });

  it('converts summer (EDT, UTC-4) to Los Angeles', () => {
    const dt = easternToZone('2026-07-01', '09:30', 'America/Los_Angeles');
    expect(dt?.toFormat('yyyy-MM-dd HH:mm')).toBe('2026-07-01 06:30');
  });

  it('crosses the date line for Shanghai', () => {
    const dt = easternToZone('2026-12-01', '22:00:00', 'Asia/Shanghai');
    expect(dt?.toFormat('yyyy-MM-dd HH:mm')).toBe('2026-12-02 11:00');
  });

  it('handles the DST change day (2026-03-08, 03:30 EDT)', () => {
    const dt = easternToZone('2026-03-08', '03:30:00', 'UTC');
    expect(dt?.toFormat('HH:mm')).toBe('07:30');
  });

  it('returns null for malformed input', () => {
    expect(easternToZone('2026-13-01', '22:00', 'UTC')).toBeNull();
    expect(easternToZone('nope', '22:00', 'UTC')).toBeNull();
  });

  it('builds the window and formats with the zone abbreviation', () => {
    const w = toMaintenanceWindow(
      { Start_Date__c: '2026-12-01', Start_Time__c: '22:00:00', End_Date__c: '2026-12-02', End_Time__c: '02:00:00' },
      'America/New_York',
    );
    expect(w).not.toBeNull();
    const text = formatMaintenanceTime(w!.startDateTime, 'en');
    expect(text).toContain('2026');
    expect(text).toMatch(/EST/);
    expect(w!.endDateTime.toMillis() - w!.startDateTime.toMillis()).toBe(4 * 3600 * 1000);
  });

  it('returns null when one end is malformed', () => {
    expect(
      toMaintenanceWindow({ Start_Date__c: '2026-12-01', Start_Time__c: 'x', End_Date__c: '2026-12-02', End_Time__c: '02:00' }, 'UTC'),
    ).toBeNull();
  });
});
