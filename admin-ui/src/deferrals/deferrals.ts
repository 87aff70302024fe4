/** The deferral queue of issue 29 item 3 for the console: shapes and calls of `/api/admin/…deferral*` (docs/api.md "Deferrals"). */
import { api, unwrap } from '../api/client';
import type { Schema } from '../api/contract-types';

/** One request in the queue (contract `DeferralRowResponse`). */
export type DeferralRecord = Schema<'DeferralRowResponse'>;

/** Where a request stands: pending, approved or denied. */
export type DeferralStatus = DeferralRecord['status'];

/** The queue's statuses, in the order the filter offers them. */
export const DEFERRAL_STATUSES = ['pending', 'approved', 'denied'] as const satisfies readonly DeferralStatus[];

/** The office's answer. */
export type DeferralAnswer = 'approve' | 'deny';

/** Longest note the server takes (characters). */
export const DEFERRAL_NOTE_MAX = 1000;

/**
 * Whether `note` may be sent with `answer`: a denial needs a note (not only spaces); either note at most
 * {@link DEFERRAL_NOTE_MAX} characters.
 */
export function noteAccepted(answer: DeferralAnswer, note: string): boolean {
  if (note.length > DEFERRAL_NOTE_MAX) return false;
  return answer === 'approve' || note.trim().length > 0;
}

const path = (id: string) => ({ params: { path: { id } } });

/** POST approve or deny (the note trimmed; an empty approval note is left out). */
export function answerDeferral(id: string, answer: DeferralAnswer, note: string): Promise<Schema<'DeferralDecisionResponse'>> {
  const text = note.trim();
  return answer === 'approve'
    ? unwrap(api.POST('/api/admin/applications/{id}/deferral/approve', { ...path(id), body: text ? { note: text } : {} }))
    : unwrap(api.POST('/api/admin/applications/{id}/deferral/deny', { ...path(id), body: { note: text } }));
}
