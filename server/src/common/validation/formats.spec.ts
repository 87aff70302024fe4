import { describe, expect, it } from '@jest/globals';
import { validateSync } from 'class-validator';
import { IsClockTime, IsIsoDate, IsPhone, IsStepNumber, IsUsDate, IsUsZip, IsZonedDateTime } from './formats.js';

class Sample {
  @IsUsDate() usDate: string;
  @IsIsoDate() isoDate: string;
  @IsClockTime() time: string;
  @IsUsZip() zip: string;
  @IsPhone() phone: string;
  @IsStepNumber() step: string;
  @IsZonedDateTime() at: string;
}

function failures(values: Partial<Sample>): string[] {
  const sample = Object.assign(new Sample(), {
    usDate: '02/28/2000',
    isoDate: '2026-12-01',
    time: '22:00',
    zip: '11230',
    phone: '(718) 555-0100',
    step: '1',
    at: '2026-11-22T10:00:00-05:00',
    ...values,
  });
  return validateSync(sample).flatMap((e) => Object.keys(e.constraints ?? {}));
}

describe('format validators', () => {
  it('accept good values', () => {
    expect(failures({})).toEqual([]);
  });

  it.each([
    [{ usDate: '02/30/2000' }, 'isUsDate'],
    [{ usDate: '2000-02-28' }, 'isUsDate'],
    [{ isoDate: '2026-13-01' }, 'isIsoDate'],
    [{ time: '24:00' }, 'isClockTime'],
    [{ zip: '1123' }, 'isUsZip'],
    [{ phone: '12' }, 'isPhone'],
    [{ step: '9' }, 'isStepNumber'],
    [{ at: '2026-11-22T10:00:00' }, 'isISO8601'],
  ])('refuse %j with %s', (values, constraint) => {
    expect(failures(values as Partial<Sample>)).toEqual([constraint]);
  });
});
