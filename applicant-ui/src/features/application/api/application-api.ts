/** Application and token calls (docs/api.md "Applications and tokens"). */
import { currentLocale } from '../../../i18n';
import { api } from '../../../shared/api/client';
import type { ApplicationRecord } from './application-types';

/** Body of POST /api/applications. */
export interface StartApplicationBody {
  gender: 'Female' | 'Male';
  fieldOfInterest: string;
  semester: string;
  location?: string;
  firstName: string;
  lastName: string;
  email: string;
  locale: string;
  /** The browser's IANA time zone: e-mails show times in it (issue 11). */
  timeZone?: string;
}

/** The browser's IANA time zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`), or undefined when unknown. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** Applications whose stored time zone this page has already brought up to date. */
const zoneSent = new Set<string>();

/** Answer of POST /api/applications. */
export interface StartApplicationAnswer {
  success: true;
  token: string;
  id: string;
  data: ApplicationRecord;
}

/** Answer of GET /api/token/check. */
export interface TokenCheckAnswer {
  success: true;
  code: string;
  purpose: 'application' | 'details' | string;
  data: ApplicationRecord;
}

/** POST /api/applications: creates a draft and returns its token and record. */
export async function startApplication(body: StartApplicationBody): Promise<StartApplicationAnswer> {
  const { data } = await api.post<StartApplicationAnswer>('/applications', body);
  return data;
}

/** GET /api/token/check?token=…: validates an application token and returns the record. */
export async function checkToken(token: string): Promise<TokenCheckAnswer> {
  const { data } = await api.get<TokenCheckAnswer>('/token/check', { params: { token } });
  return data;
}

/**
 * PATCH /api/applications/{id} with header `X-Application-Token`; body `{version, stepReached?, …fields}`
 * (plus `timeZone` on the first save of a page load).
 * Resolves with the saved record (new `version`); rejects with the axios error (409 APP-409, 422 VAL-001,
 * 503 MAI-002…). Sent `silent`: the autosave shows failures in its status line (with the server's
 * maintenance message), never the generic error dialog.
 */
export async function saveApplication(
  id: string,
  token: string,
  body: { version: number; stepReached?: string } & Record<string, unknown>,
): Promise<ApplicationRecord> {
  // the first save of a page load also stores the browser's time zone (the applicant may have moved)
  const zone = zoneSent.has(id) ? undefined : browserTimeZone();
  const { data } = await api.patch<{ success: true; data: ApplicationRecord }>(
    `/applications/${encodeURIComponent(id)}`,
    zone ? { ...body, timeZone: zone } : body,
    { headers: { 'X-Application-Token': token }, silent: true },
  );
  zoneSent.add(id);
  return data.data;
}

/** Answer of GET /api/applications/{id}/requirements (issue 3 contract, computed from the program flags). */
export interface Requirements {
  /** Application steps that apply, e.g. [1,2,3,4,6,7,8]. */
  steps: number[];
  /** Form sections shown (e.g. highSchool, bachelor, seminary, OTDCourses…). */
  sections: string[];
  /** Fields (dotted paths) the submit checks. */
  requiredFields: string[];
  /** Attachment slots the details form asks for. */
  attachmentSlots: string[];
}

/** GET /api/applications/{id}/requirements (header `X-Application-Token`). */
export async function fetchRequirements(id: string, token: string): Promise<Requirements> {
  const { data } = await api.get<Requirements | { success: true; data: Requirements }>(
    `/applications/${encodeURIComponent(id)}/requirements`,
    { headers: { 'X-Application-Token': token } },
  );
  return 'steps' in data ? data : data.data;
}

/** Body of POST /api/applications/{id}/submit. */
export interface SubmitBody {
  certifyAllInformation: true;
  fullNameSignature: string;
  /** MM/DD/YYYY */
  dateSignature: string;
  version: number;
}

/** One unanswered required field named by a failed submit (`data.missing`). */
export interface MissingField {
  field: string;
  step: number;
}

/**
 * POST /api/applications/{id}/submit: certifies the application. Resolves with the record; rejects with
 * the axios error (422 VAL-001 with `errors` and `data.missing`, 409 APP-409…).
 */
export async function submitApplication(id: string, token: string, body: SubmitBody): Promise<ApplicationRecord> {
  const { data } = await api.post<{ success: true; data: ApplicationRecord }>(`/applications/${encodeURIComponent(id)}/submit`, body, {
    headers: { 'X-Application-Token': token },
  });
  return data.data;
}

/** POST /api/continue {email}: e-mails fresh links for that address's open applications (same answer either way). */
export async function requestContinueLinks(email: string): Promise<void> {
  await api.post('/continue', { email });
}

/** What the logged-in applicant may do next with an application. */
export type NextAction = 'continue' | 'pay' | 'details' | 'receipt' | 'none';

/** One row of GET /api/applications (the caller's applications). */
export interface MyApplication {
  id: string;
  fieldOfInterest: string;
  semesterApplied?: string;
  location?: string | null;
  status: string;
  stepReached: string;
  Payment_Status?: string;
  referenceNumber?: string | null;
  nextAction: NextAction;
  updatedAt?: string;
  createdAt?: string;
}

/** POST /api/applications/{id}/link (owner): a fresh tokenised link, `url` ending in `/validation?token=…`. */
export async function requestApplicationLink(id: string): Promise<{ token: string; purpose: string; url: string }> {
  const { data } = await api.post<{ token: string; purpose: string; url: string }>(`/applications/${encodeURIComponent(id)}/link`);
  return data;
}

/** GET /api/applications (logged in): the caller's applications. */
export async function fetchMyApplications(): Promise<MyApplication[]> {
  const { data } = await api.get<MyApplication[] | { success: true; data: MyApplication[] }>('/applications');
  return Array.isArray(data) ? data : data.data;
}

/**
 * POST /api/timelog {duration (seconds, 4 decimals), step} with the application token and the page's
 * `Accept-Language` (so any answer is in the applicant's language, issue 11). Sent with
 * `fetch(keepalive)` so that it also leaves while the page unloads. Never rejects (best effort).
 */
export async function postTimeLog(token: string, duration: number, step: string): Promise<void> {
  try {
    await fetch('/api/timelog', {
      method: 'POST',
      keepalive: true,
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'X-Application-Token': token,
        'X-Requested-With': 'XMLHttpRequest',
        'Accept-Language': currentLocale(),
      },
      body: JSON.stringify({ duration: Number(duration.toFixed(4)), step }),
    });
  } catch {
    /* the time log is best effort */
  }
}
