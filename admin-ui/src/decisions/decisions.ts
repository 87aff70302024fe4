/** Decisions of issue 15 for the console: shapes and calls of `/api/admin/…/decision*` (docs/api.md "Decisions"). */
import { api, unwrap } from '../api/client';
import type { Schema } from '../api/contract-types';

/** Where an application's decision stands. */
export type DecisionState = Schema<'DecisionStateResponse'>;

/** A rendered letter (preview). */
export type DecisionLetter = Schema<'DecisionLetterResponse'>;

/** One of the three decisions. */
export type Decision = Schema<'DecideDto'>['decision'];

/** The three decisions, in the order the panel offers them. */
export const DECISIONS = ['admitted', 'waitlisted', 'denied'] as const satisfies readonly Decision[];

/** What the panel can offer for a state: record/change, release, rescind. */
export function decisionPhase(
  state: Pick<DecisionState, 'decision' | 'decisionReleaseAt' | 'decisionReleasedAt'>,
): 'undecided' | 'decided' | 'scheduled' | 'released' {
  if (!state.decision) return 'undecided';
  if (state.decisionReleasedAt) return 'released';
  return state.decisionReleaseAt ? 'scheduled' : 'decided';
}

const path = (id: string) => ({ params: { path: { id } } });

/** GET the decision state. */
export function fetchDecision(id: string): Promise<DecisionState> {
  return unwrap(api.GET('/api/admin/applications/{id}/decision', path(id)));
}

/** The applicant's reply to a released decision (issue 29), labels in the console's language. */
export type DecisionReply = Schema<'ReplyResponse'>;

/** GET the applicant's reply (admins may read it); rejects with 404 DEC-404 before release. */
export function fetchReply(id: string): Promise<DecisionReply> {
  return unwrap(api.GET('/api/applications/{id}/reply', path(id)));
}

/** Where an admitted applicant's enrollment deposit stands (issue 29 item 2; contract `DepositResponse`). */
export type DepositState = Schema<'DepositResponse'>;

/** GET the enrollment deposit (admins may read it); rejects with 404 DEC-404 before release. */
export function fetchDeposit(id: string): Promise<DepositState> {
  return unwrap(api.GET('/api/applications/{id}/deposit', { params: { path: { id }, query: {} } }));
}

/**
 * PUT a decision (record or change before release). An admit past the offering's seats is refused (409
 * `SEAT-409-over-capacity`, issue 29 item 4) unless `acknowledgeOverCapacity` says the office goes ahead.
 */
export function recordDecision(id: string, decision: Decision, acknowledgeOverCapacity = false): Promise<DecisionState> {
  return unwrap(
    api.PUT('/api/admin/applications/{id}/decision', {
      ...path(id),
      body: acknowledgeOverCapacity ? { decision, acknowledgeOverCapacity: true } : { decision },
    }),
  );
}

/** POST rescind. */
export function rescindDecision(id: string): Promise<DecisionState> {
  return unwrap(api.POST('/api/admin/applications/{id}/decision/rescind', path(id)));
}

/** GET the letter preview (optionally of another decision). */
export function previewLetter(id: string, decision?: Decision): Promise<DecisionLetter> {
  return unwrap(
    api.GET('/api/admin/applications/{id}/decision/preview', { params: { path: { id }, query: decision ? { decision } : {} } }),
  );
}

/**
 * POST /api/admin/decisions/release: now (no `at`) or at a UTC instant.
 * @returns how many were scheduled and the instant used
 */
export function releaseDecisions(ids: string[], at: string | null): Promise<Schema<'ReleaseDecisionsResponse'>> {
  return unwrap(api.POST('/api/admin/decisions/release', { body: at ? { ids, at } : { ids } }));
}
