import { DateTime, IANAZone } from 'luxon';
import type { Locale } from './i18n.service.js';

/**
 * A moment as an applicant reads it in an e-mail (issue 11 item 3): date and time in `zone`, written
 * the way `locale` writes them, with the zone's long name in that language (issue 27 item 7: never a raw
 * zone id), e.g. `November 25, 2026 10:30 AM (Eastern Standard Time)`, `25 de noviembre de 2026 10:30
 * (hora estándar central)`, `2026年11月25日 18:30 (中国标准时间)`.
 * @param zone an IANA zone name; null or an unknown zone writes UTC, named as such
 */
export function zonedTime(moment: Date, locale: Locale, zone: string | null | undefined): string {
  const name = zone && IANAZone.isValidZone(zone) ? zone : 'UTC';
  const at = DateTime.fromJSDate(moment, { zone: name }).setLocale(locale);
  return `${at.toLocaleString(DateTime.DATE_FULL)} ${at.toLocaleString(DateTime.TIME_SIMPLE)} (${at.offsetNameLong ?? name})`;
}
