/** The checklist and the released decision letter of an application (issue 15 items 3–4; docs/api.md). */
import { api } from '../../shared/api/client';

/** One line of the checklist (`GET /api/applications/:id/checklist`). */
export interface ChecklistItem {
  kind: 'step' | 'fee' | 'document' | 'recommendation';
  key: string;
  state: 'received' | 'awaiting' | 'waived';
  action: 'continue' | 'pay' | 'details' | null;
}

/** The checklist of one application. */
export interface Checklist {
  applicationId: string;
  referenceNumber: string;
  program: string;
  semester: string;
  status: string;
  deadline: string | null;
  items: ChecklistItem[];
  decision: { decision: 'admitted' | 'waitlisted' | 'denied'; releasedAt: string } | null;
}

/** A released decision letter (`GET /api/applications/:id/decision`). */
export interface DecisionLetter {
  applicationId: string;
  decision: 'admitted' | 'waitlisted' | 'denied';
  locale: string;
  subject: string;
  text: string;
  /** Escaped by the server (every merged value and template character). */
  html: string;
  releasedAt: string | null;
  pdfAvailable: boolean;
}

/** The application token header when the page was opened by a link (else the login's bearer token applies). */
const tokenHeader = (token?: string | null) => (token ? { 'X-Application-Token': token } : {});

/** GET /api/applications/:id/checklist (owner's login or the application token). */
export async function fetchChecklist(id: string, token?: string | null): Promise<Checklist> {
  const { data } = await api.get<Checklist>(`/applications/${encodeURIComponent(id)}/checklist`, { headers: tokenHeader(token) });
  return data;
}

/** GET /api/applications/:id/decision: the letter once released (rejects with 404 DEC-404 before). */
export async function fetchDecisionLetter(id: string, token?: string | null): Promise<DecisionLetter> {
  const { data } = await api.get<DecisionLetter>(`/applications/${encodeURIComponent(id)}/decision`, {
    headers: tokenHeader(token),
    silent: true,
  });
  return data;
}

/** GET /api/applications/:id/decision/pdf as a Blob (for a download link). */
export async function fetchDecisionPdf(id: string, token?: string | null): Promise<Blob> {
  const { data } = await api.get<Blob>(`/applications/${encodeURIComponent(id)}/decision/pdf`, {
    headers: tokenHeader(token),
    responseType: 'blob',
  });
  return data;
}
