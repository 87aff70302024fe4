/**
 * Durations in human units. Kept apart from `stats.ts` (which the data provider loads with the console
 * shell) so luxon is only loaded with the pages that show durations (issue 12: admin first view).
 */
import { Duration } from 'luxon';

/**
 * A duration in seconds in human units of `locale`: one decimal under 10 s ("4.5 sec"), whole
 * seconds under a minute, else hours/minutes/seconds without zero units ("5 min, 46 sec";
 * "1 hr, 2 min"). Negative or non-finite input counts as 0.
 */
export function formatDuration(seconds: number, locale: string): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  if (s < 60) {
    const rounded = s < 10 ? Math.round(s * 10) / 10 : Math.round(s);
    return Duration.fromObject({ seconds: rounded }).reconfigure({ locale }).toHuman({ unitDisplay: 'short' });
  }
  const whole = Math.round(s);
  const duration = Duration.fromObject({ seconds: whole }).shiftTo('hours', 'minutes', 'seconds').removeZeros();
  return duration.reconfigure({ locale }).toHuman({ unitDisplay: 'short' });
}
