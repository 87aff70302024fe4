/**
 * What a save notification names (issue 13: "Dropdown 'Countries' saved" rather than react-admin's
 * generic "Element updated"): for each editable resource, the message keys for an update and a
 * creation (each with a `%{name}` placeholder, in en, es and zh-CN) and how a record is named.
 */
import type { AdvisoryLineRecord } from '../advisory/types';
import type { OfferingRecord, ProgramRecord, TermRecord } from '../catalogue/types';
import type { DiscountCodeRecord } from '../discount-codes/types';
import type { DropdownRecord } from '../dropdowns/types';
import type { MaintenanceWindowRecord } from '../maintenance/types';
import type { UserRecord } from '../users/types';
import { displayName } from '../users/user';

/** Longest advisory-line excerpt named in a message, in characters (the rest becomes "…"). */
export const ADVISORY_EXCERPT_LENGTH = 40;

/** Shortens `text` to at most `max` characters (whole code points), ending with "…" when cut. */
export function excerpt(text: string, max = ADVISORY_EXCERPT_LENGTH): string {
  const chars = Array.from(text.trim().replace(/\s+/g, ' '));
  return chars.length <= max
    ? chars.join('')
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** Message keys and namer of one resource (`created` only where the console creates such records). */
interface SavedMessages<R> {
  saved: string;
  created?: string;
  name: (record: R) => string;
}

const MESSAGES = {
  dropdowns: { saved: 'app.dropdowns.saved', name: (r) => r.label },
  'maintenance-windows': {
    saved: 'app.maintenance.saved',
    created: 'app.maintenance.created',
    name: (r) => `${r.startDate} ${r.startTime} – ${r.endDate} ${r.endTime}`,
  },
  'advisory-lines': { saved: 'app.advisory.saved', created: 'app.advisory.created', name: (r) => excerpt(r.textEn) },
  'discount-codes': { saved: 'app.discount_codes.saved', created: 'app.discount_codes.created', name: (r) => r.code },
  users: { saved: 'app.users.saved', name: (r) => displayName(r) },
  programs: { saved: 'app.programs.saved', created: 'app.programs.created', name: (r) => r.name },
  terms: { saved: 'app.terms.saved', created: 'app.terms.created', name: (r) => r.key },
  offerings: { saved: 'app.offerings.saved', created: 'app.offerings.created', name: (r) => `${r.fieldOfInterest} · ${r.semester}` },
} satisfies {
  dropdowns: SavedMessages<DropdownRecord>;
  'maintenance-windows': SavedMessages<MaintenanceWindowRecord>;
  'advisory-lines': SavedMessages<AdvisoryLineRecord>;
  'discount-codes': SavedMessages<DiscountCodeRecord>;
  users: SavedMessages<UserRecord>;
  programs: SavedMessages<ProgramRecord>;
  terms: SavedMessages<TermRecord>;
  offerings: SavedMessages<OfferingRecord>;
};

/** A resource whose saves name what was saved. */
export type SavedResource = keyof typeof MESSAGES;

/** The record type of each {@link SavedResource}. */
export type SavedRecord<K extends SavedResource> = Parameters<(typeof MESSAGES)[K]['name']>[0];

/**
 * The notification for a saved record of `resource`.
 * @param created true after a creation, false after an update
 * @returns the message key (`app.<section>.saved`, or `.created` after a creation where there is one) and its `name` argument
 */
export function savedNotice<K extends SavedResource>(
  resource: K,
  record: SavedRecord<K>,
  created: boolean,
): { message: string; messageArgs: { name: string } } {
  const messages = MESSAGES[resource] as SavedMessages<SavedRecord<K>>;
  return { message: (created && messages.created) || messages.saved, messageArgs: { name: messages.name(record) } };
}

/** Every resource with named save messages (for tests). */
export const SAVED_RESOURCES = Object.keys(MESSAGES) as SavedResource[];
