/** Decisions of issue 15 for the console: shapes and calls of `/api/admin/…/decision*` (docs/api.md "Decisions"). */
import { ADMIN_API_URL } from '../config';
import { httpClient } from '../api/httpClient';

/** The three decisions. */
export const DECISIONS = ['admitted', 'waitlisted', 'denied'] as const;
/** One of {@link DECISIONS}. */
export type Decision = (typeof DECISIONS)[number];

/** Where an application's decision stands. */
export interface DecisionState {
  id: string;
  status: string;
  decision: Decision | null;
  decidedAt: string | null;
  decidedBy: string | null;
  decisionReleaseAt: string | null;
  decisionReleasedAt: string | null;
}

/** A rendered letter (preview). */
export interface DecisionLetter {
  decision: Decision;
  locale: string;
  subject: string;
  text: string;
  html: string;
  releasedAt: string | null;
  pdfAvailable: boolean;
}

/** What the panel can offer for a state: record/change, release, rescind. */
export function decisionPhase(
  state: Pick<DecisionState, 'decision' | 'decisionReleaseAt' | 'decisionReleasedAt'>,
): 'undecided' | 'decided' | 'scheduled' | 'released' {
  if (!state.decision) return 'undecided';
  if (state.decisionReleasedAt) return 'released';
  return state.decisionReleaseAt ? 'scheduled' : 'decided';
}

const applicationUrl = (id: string) => `${ADMIN_API_URL}/applications/${encodeURIComponent(id)}/decision`;

/** GET the decision state. */
export async function fetchDecision(id: string): Promise<DecisionState> {
  return (await httpClient(applicationUrl(id))).json as DecisionState;
}

/** PUT a decision (record or change before release). */
export async function recordDecision(id: string, decision: Decision): Promise<DecisionState> {
  return (await httpClient(applicationUrl(id), { method: 'PUT', body: JSON.stringify({ decision }) })).json as DecisionState;
}

/** POST rescind. */
export async function rescindDecision(id: string): Promise<DecisionState> {
  return (await httpClient(`${applicationUrl(id)}/rescind`, { method: 'POST' })).json as DecisionState;
}

/** GET the letter preview (optionally of another decision). */
export async function previewLetter(id: string, decision?: Decision): Promise<DecisionLetter> {
  const query = decision ? `?decision=${encodeURIComponent(decision)}` : '';
  return (await httpClient(`${applicationUrl(id)}/preview${query}`)).json as DecisionLetter;
}

/**
 * POST /api/admin/decisions/release: now (no `at`) or at a UTC instant.
 * @returns how many were scheduled and the instant used
 */
export async function releaseDecisions(ids: string[], at: string | null): Promise<{ scheduled: number; at: string }> {
  const body = at ? { ids, at } : { ids };
  return (await httpClient(`${ADMIN_API_URL}/decisions/release`, { method: 'POST', body: JSON.stringify(body) })).json as {
    scheduled: number;
    at: string;
  };
}
