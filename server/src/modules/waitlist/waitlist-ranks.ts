import { createHash } from 'node:crypto';
import type { ApplicationStatus, Decision } from '../applications/application.entity.js';
import type { Reply } from '../replies/reply-rules.js';

/**
 * The ranked waitlist of an offering (issue 29 item 4), the rules without the database: who is on it, what a
 * reorder asks for and what order it leaves. The database keeps the same membership rule in the trigger of
 * migration 1764210000000 (`applications_waitlist_rank`), which gives an application that joins the next rank
 * and takes it from one that leaves; the service writes the orders computed here.
 */

/** The replies that keep a waitlisted applicant on the waitlist — an allow-list: none yet, or "stay". */
export const WAITLIST_REPLIES: readonly (Reply | null)[] = [null, 'staying_on_waitlist'];

/** The part of an application the membership reads. */
export interface WaitlistMember {
  status: ApplicationStatus;
  decision: Decision | null;
  offeringId: number | null;
  reply: Reply | null;
}

/**
 * Whether the application is on its offering's waitlist: decided, waitlisted (released or not), in an offering,
 * and not withdrawn from it (its reply one of {@link WAITLIST_REPLIES}). An admit, a rescind, a withdrawal or a
 * withdrawn application takes it off.
 */
export function isOnWaitlist(app: WaitlistMember): boolean {
  return app.status === 'decided' && app.decision === 'waitlisted' && app.offeringId !== null && WAITLIST_REPLIES.includes(app.reply);
}

/** A reorder: the whole waitlist in its new order, or one applicant moved to a rank (1 = first). */
export type WaitlistChange = { ids: readonly string[] } | { id: string; rank: number };

/** Why a reorder is refused (each maps to an API error, see `WaitlistService`). */
export type WaitlistRefusal =
  /** the list names an applicant twice */
  | { code: 'duplicate' }
  /** the list is not the waitlist as it stands (someone joined or left since it was read) */
  | { code: 'stale' }
  /** the applicant moved is not on this waitlist */
  | { code: 'not-waitlisted'; id: string }
  /** the rank is past the end of the waitlist */
  | { code: 'rank'; max: number };

/**
 * The order `change` makes of `current` (the waitlist's ids, first to last). Pure.
 * @returns the new order, or why the change is refused
 */
export function applyChange(current: readonly string[], change: WaitlistChange): { order: string[] } | { refusal: WaitlistRefusal } {
  if ('ids' in change) {
    const wanted = new Set(change.ids);
    if (wanted.size !== change.ids.length) return { refusal: { code: 'duplicate' } };
    if (wanted.size !== current.length || current.some((id) => !wanted.has(id))) return { refusal: { code: 'stale' } };
    return { order: [...change.ids] };
  }
  if (!current.includes(change.id)) return { refusal: { code: 'not-waitlisted', id: change.id } };
  if (!Number.isInteger(change.rank) || change.rank < 1 || change.rank > current.length)
    return { refusal: { code: 'rank', max: current.length } };
  const rest = current.filter((id) => id !== change.id);
  rest.splice(change.rank - 1, 0, change.id);
  return { order: rest };
}

/**
 * The version of a waitlist: a digest of its ids in order (16 hex digits). Any join, departure or reorder
 * changes it, so a reorder sent with the version it was made from is refused once the waitlist moved.
 */
export function waitlistVersion(order: readonly string[]): string {
  return createHash('sha256').update(order.join(',')).digest('hex').slice(0, 16);
}
