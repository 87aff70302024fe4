/** The applicant's reply to a released decision (issue 29 item 1; docs/api.md "Replies"). */
import { api, applicationTokenHeader as tokenHeader, call, type Schema } from '../../shared/api/client';

/** Where the reply stands (contract `ReplyResponse`): decision, recorded reply, deadline, choices open now. */
export type DecisionReply = Schema<'ReplyResponse'>;
/** What the applicant answers (contract `ReplyDto`). */
export type ReplyBody = Schema<'ReplyDto'>;
/** One answer the decision offers. */
export type ReplyChoice = ReplyBody['choice'];

/** GET /api/applications/:id/reply (owner's login or the application token); rejects with 404 DEC-404 before release. */
export function fetchReply(id: string, token?: string | null): Promise<DecisionReply> {
  return call(api.GET('/api/applications/{id}/reply', { params: { path: { id } }, headers: tokenHeader(token) }), { silent: true });
}

/** PUT /api/applications/:id/reply: records the reply, or changes it before the deadline. */
export function sendReply(id: string, token: string | null | undefined, body: ReplyBody): Promise<DecisionReply> {
  return call(api.PUT('/api/applications/{id}/reply', { params: { path: { id } }, headers: tokenHeader(token), body }));
}
