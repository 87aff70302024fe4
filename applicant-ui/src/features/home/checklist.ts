/** Pure helpers of the /home checklist (issue 15 item 4): item labels, states and the deadline on the applicant's clock. */
import { DateTime } from 'luxon';
import { browserZone, formatInstant } from '../../shared/lib/instant-format';
import type { Checklist, ChecklistItem } from './checklist-api';

/** i18n key (and its options) naming a checklist item: a step's name, the fee, a document slot, a recommendation. */
export function itemLabel(item: Pick<ChecklistItem, 'kind' | 'key'>): { key: string; options?: Record<string, string> } {
  switch (item.kind) {
    case 'step':
      return { key: `steps.${item.key}` };
    case 'fee':
      return { key: 'checklist.fee' };
    case 'document':
      return { key: `slots.${item.key}`, options: { defaultValue: item.key } };
    default:
      return { key: `checklist.recommendation_${item.key}` };
  }
}

/** The items of one state, in the server's order. */
export function itemsIn(checklist: Pick<Checklist, 'items'>, state: ChecklistItem['state']): ChecklistItem[] {
  return checklist.items.filter((i) => i.state === state);
}

/**
 * The deadline on the applicant's own clock: date, time and the zone's short name in their language
 * (see {@link formatInstant}).
 * @param zone an IANA zone (default: the browser's own, from Intl)
 */
export function formatDeadline(iso: string, language: string, zone = browserZone()): string {
  return formatInstant(iso, language, zone);
}

/** True when the deadline instant has passed. */
export function deadlinePassed(iso: string, now = Date.now()): boolean {
  return DateTime.fromISO(iso).toMillis() <= now;
}
