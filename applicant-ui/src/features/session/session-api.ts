/**
 * Session calls (spec §7, docs/api.md "Session and time log"). A session belongs to an application
 * (`parentId`): every write carries its token in `X-Application-Token` (issue 11 item 7).
 */
import type { RequestBody } from '../../../../contract/client/create-client';
import { api, applicationTokenHeader, call } from '../../shared/api/client';

/** Body of POST /api/session/upsert (contract `UpsertSessionDto`; times `YYYY-MM-DDTHH:mm:ss±hh:mm`). */
export type SessionBody = RequestBody<'upsertSession'>;

/** The form a session belongs to (`parentModule`). */
export type SessionModule = NonNullable<SessionBody['parentModule']>;

/** GET /api/session/check?id=… → the code: SES-000 free, SES-001 already in use. */
export async function checkSession(id: string): Promise<string> {
  return (await call(api.GET('/api/session/check', { params: { query: { id } } }), { silent: true })).code;
}

/** POST /api/session/upsert with the application token. Never rejects (sessions are bookkeeping, never in the applicant's way). */
export async function upsertSession(body: SessionBody, token: string | null): Promise<void> {
  try {
    await call(api.POST('/api/session/upsert', { body, headers: applicationTokenHeader(token) }), { silent: true });
  } catch {
    /* best effort */
  }
}

/**
 * POST /api/session/upsert with `fetch(keepalive)`, so that it still leaves while the page unloads
 * (`pagehide`); the token in its header, as {@link upsertSession}. Never rejects.
 */
export function upsertSessionOnUnload(body: SessionBody, token: string | null): void {
  void api.POST('/api/session/upsert', { body, headers: applicationTokenHeader(token), keepalive: true }).catch(() => {
    /* best effort */
  });
}
