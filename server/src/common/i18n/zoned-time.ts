import { DateTime, IANAZone } from 'luxon';
import type { Locale } from './i18n.service.js';

/**
 * A moment as an applicant reads it in an e-mail (issue 11 item 3): date and time in `zone`, written
 * the way `locale` writes them, with the zone named, e.g. `November 25, 2026, 10:30 AM (America/Toronto)`,
 * `25 de noviembre de 2026, 10:30 (America/Toronto)`, `2026年11月25日 下午6:30 (Asia/Shanghai)`.
 * @param zone an IANA zone name; null or an unknown zone writes UTC, named as such
 */
export function zonedTime(moment: Date, locale: Locale, zone: string | null | undefined): string {
  const name = zone && IANAZone.isValidZone(zone) ? zone : 'UTC';
  const at = DateTime.fromJSDate(moment, { zone: name }).setLocale(locale);
  return `${at.toLocaleString(DateTime.DATE_FULL)} ${at.toLocaleString(DateTime.TIME_SIMPLE)} (${name})`;
}
