/** Session calls (spec §7, docs/api.md "Session and time log"). */
import { api } from '../../shared/api/client';

/** Body of POST /api/session/upsert (times `YYYY-MM-DDTHH:mm:ss±hh:mm`). */
export interface SessionBody {
  id: string;
  startTime: string;
  newStartTime?: string;
  lastActivityTime?: string;
  endTime?: string;
  parentModule?: string;
  parentId?: string;
  renewed?: boolean;
}

/** GET /api/session/check?id=… → the code: SES-000 free, SES-001 already in use. */
export async function checkSession(id: string): Promise<string> {
  const { data } = await api.get<{ code: string }>('/session/check', { params: { id }, silent: true });
  return data.code;
}

/** POST /api/session/upsert. Never rejects (sessions are bookkeeping, never in the applicant's way). */
export async function upsertSession(body: SessionBody): Promise<void> {
  try {
    await api.post('/session/upsert', body, { silent: true });
  } catch {
    /* best effort */
  }
}
