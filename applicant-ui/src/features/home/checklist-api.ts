/** The checklist and the released decision letter of an application (issue 15 items 3–4; docs/api.md). */
import { api, applicationTokenHeader as tokenHeader, call, type Schema } from '../../shared/api/client';

/** One line of the checklist (`GET /api/applications/:id/checklist`; contract `ChecklistItem`). */
export type ChecklistItem = Schema<'ChecklistItem'>;

/** The checklist of one application (contract `ChecklistResponse`). */
export type Checklist = Schema<'ChecklistResponse'>;

/** A released decision letter (`GET /api/applications/:id/decision`; contract `DecisionLetterResponse`: `html` escaped by the server). */
export type DecisionLetter = Schema<'DecisionLetterResponse'>;

/** GET /api/applications/:id/checklist (owner's login or the application token). */
export async function fetchChecklist(id: string, token?: string | null): Promise<Checklist> {
  return call(api.GET('/api/applications/{id}/checklist', { params: { path: { id } }, headers: tokenHeader(token) }));
}

/** GET /api/applications/:id/decision: the letter once released (rejects with 404 DEC-404 before). */
export async function fetchDecisionLetter(id: string, token?: string | null): Promise<DecisionLetter> {
  return call(api.GET('/api/applications/{id}/decision', { params: { path: { id } }, headers: tokenHeader(token) }), { silent: true });
}

/** GET /api/applications/:id/decision/pdf as a Blob (for a download link). */
export async function fetchDecisionPdf(id: string, token?: string | null): Promise<Blob> {
  return call(api.GET('/api/applications/{id}/decision/pdf', { params: { path: { id } }, headers: tokenHeader(token), parseAs: 'blob' }));
}
