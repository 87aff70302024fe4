/**
 * Session calls (spec §7, docs/api.md "Session and time log"). A session belongs to an application
 * (`parentId`): every write carries its token in `X-Application-Token` (issue 11 item 7).
 */
import { currentLocale } from '../../i18n';
import { api } from '../../shared/api/client';
import { getToken } from '../../shared/api/token-cookie';

/** Body of POST /api/session/upsert (times `YYYY-MM-DDTHH:mm:ss±hh:mm`). */
export interface SessionBody {
  id: string;
  startTime: string;
  newStartTime?: string;
  lastActivityTime?: string;
  endTime?: string;
  parentModule?: string;
  parentId: string;
  renewed?: boolean;
}

/** GET /api/session/check?id=… → the code: SES-000 free, SES-001 already in use. */
export async function checkSession(id: string): Promise<string> {
  const { data } = await api.get<{ code: string }>('/session/check', { params: { id }, silent: true });
  return data.code;
}

/** POST /api/session/upsert with the application token. Never rejects (sessions are bookkeeping, never in the applicant's way). */
export async function upsertSession(body: SessionBody, token: string | null): Promise<void> {
  try {
    await api.post('/session/upsert', body, { silent: true, headers: token ? { 'X-Application-Token': token } : {} });
  } catch {
    /* best effort */
  }
}

/**
 * POST /api/session/upsert with `fetch(keepalive)`, so that it still leaves while the page unloads
 * (`pagehide`); the token in its header, as {@link upsertSession}. Never rejects.
 */
export function upsertSessionOnUnload(body: SessionBody, token: string | null): void {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'Accept-Language': currentLocale(),
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (token) headers['X-Application-Token'] = token;
  const bearer = getToken();
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  void fetch('/api/session/upsert', { method: 'POST', keepalive: true, headers, body: JSON.stringify(body) }).catch(() => {
    /* best effort */
  });
}
