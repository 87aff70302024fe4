/** Application and token calls (docs/api.md "Applications and tokens"). */
import type { RequestBody, ResponseData, Schema } from '../../../../../contract/client/create-client';
import { api, applicationTokenHeader, call } from '../../../shared/api/client';
import type { ApplicationRecord } from './application-types';

/** Body of POST /api/applications (contract `StartApplicationDto`; `timeZone` is the browser's IANA zone: e-mails show times in it, issue 11). */
export type StartApplicationBody = RequestBody<'startApplication'>;

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

/** Answer of POST /api/applications (contract `StartApplicationResponse`). */
export type StartApplicationAnswer = Schema<'StartApplicationResponse'> & { data: ApplicationRecord };

/** Answer of GET /api/token/check (contract `TokenCheckResponse`). */
export type TokenCheckAnswer = Schema<'TokenCheckResponse'> & { data: ApplicationRecord };

/** The body of a step save: the record's `version` guard, `stepReached`, and the answers (see {@link saveApplication}). */
export type SaveBody = Pick<RequestBody<'updateApplication'>, 'version' | 'stepReached'> & Record<string, unknown>;

/** POST /api/applications: creates a draft and returns its token and record. */
export async function startApplication(body: StartApplicationBody): Promise<StartApplicationAnswer> {
  return call(api.POST('/api/applications', { body }));
}

/**
 * Requests a form page sent before its code asked for them (issue 28: they go out while the page's chunk
 * downloads), by call; each answer is handed out once, to the first caller.
 */
const early = new Map<string, Promise<unknown>>();

/** Starts `request` under `key` unless it is already under way (its failure is left to the caller that takes it). */
function startEarly<T>(key: string, request: () => Promise<T>): Promise<T> {
  let started = early.get(key) as Promise<T> | undefined;
  if (!started) {
    started = request();
    started.catch(() => undefined);
    early.set(key, started);
  }
  return started;
}

/** The request started early under `key` (once), else a new one. */
function takeEarly<T>(key: string, request: () => Promise<T>): Promise<T> {
  const started = early.get(key) as Promise<T> | undefined;
  if (!started) return request();
  early.delete(key);
  return started;
}

const requestTokenCheck = (token: string) => call(api.GET('/api/token/check', { params: { query: { token } } }));

/** GET /api/token/check?token=…: validates an application token and returns the record (the early check of the token when one was sent). */
export async function checkToken(token: string): Promise<TokenCheckAnswer> {
  return takeEarly(`token-check|${token}`, () => requestTokenCheck(token));
}

/** Sends the token check of a page's link before the page asks for it ({@link checkToken} then takes its answer). */
export function prefetchTokenCheck(token: string): Promise<TokenCheckAnswer> {
  return startEarly(`token-check|${token}`, () => requestTokenCheck(token));
}

/**
 * PATCH /api/applications/{id} with header `X-Application-Token`; body `{version, stepReached?, …fields}`
 * (plus `timeZone` on the first save of a page load). The answers are the form's (dotted names mapped to
 * the contract's `SaveApplicationDto` by the autosave), so the body is typed by its guard fields only.
 * Resolves with the saved record (new `version`); rejects with the {@link ApiError} (409 APP-409, 422 VAL-001,
 * 503 MAI-002…). Sent `silent`: the autosave shows failures in its status line (with the server's
 * maintenance message), never the generic error dialog.
 */
export async function saveApplication(id: string, token: string, body: SaveBody): Promise<ApplicationRecord> {
  // the first save of a page load also stores the browser's time zone (the applicant may have moved)
  const zone = zoneSent.has(id) ? undefined : browserTimeZone();
  const sent = (zone ? { ...body, timeZone: zone } : body) as RequestBody<'updateApplication'>;
  const answer = await call(
    api.PATCH('/api/applications/{id}', { params: { path: { id } }, body: sent, headers: applicationTokenHeader(token) }),
    { silent: true },
  );
  zoneSent.add(id);
  return answer.data;
}

/** Answer of GET /api/applications/{id}/requirements (contract `RequirementsResponse`, computed from the program flags). */
export type Requirements = ResponseData<'getApplicationRequirements'>;

const requestRequirements = (id: string, token: string) =>
  call(api.GET('/api/applications/{id}/requirements', { params: { path: { id } }, headers: applicationTokenHeader(token) }));

/** GET /api/applications/{id}/requirements (header `X-Application-Token`); the early request when one was sent. */
export async function fetchRequirements(id: string, token: string): Promise<Requirements> {
  return takeEarly(`requirements|${id}|${token}`, () => requestRequirements(id, token));
}

/** Sends the requirements request of a page's application before the page asks for it ({@link fetchRequirements} takes it). */
export function prefetchRequirements(id: string, token: string): void {
  startEarly(`requirements|${id}|${token}`, () => requestRequirements(id, token));
}

/** Body of POST /api/applications/{id}/submit (contract `SubmitApplicationDto`; `dateSignature` MM/DD/YYYY). */
export type SubmitBody = RequestBody<'submitApplication'>;

/**
 * One unanswered required field named by a failed submit (`data.missing` of the 422 error body, whose
 * `data` the contract leaves open: hand-written).
 */
export interface MissingField {
  field: string;
  step: number;
}

/**
 * POST /api/applications/{id}/submit: certifies the application. Resolves with the record; rejects with
 * the {@link ApiError} (422 VAL-001 with `errors` and `data.missing`, 409 APP-409…).
 */
export async function submitApplication(id: string, token: string, body: SubmitBody): Promise<ApplicationRecord> {
  const answer = await call(
    api.POST('/api/applications/{id}/submit', { params: { path: { id } }, body, headers: applicationTokenHeader(token) }),
  );
  return answer.data;
}

/** POST /api/continue {email}: e-mails fresh links for that address's open applications (same answer either way). */
export async function requestContinueLinks(email: string): Promise<void> {
  await call(api.POST('/api/continue', { body: { email } }));
}

/** One row of GET /api/applications (the caller's applications; contract `MyApplicationDto`). */
export type MyApplication = Schema<'MyApplicationDto'>;

/** What the logged-in applicant may do next with an application. */
export type NextAction = MyApplication['nextAction'];

/** POST /api/applications/{id}/link (owner): a fresh tokenised link, `url` ending in `/validation?token=…`. */
export async function requestApplicationLink(id: string): Promise<Schema<'ApplicationLinkResponse'>> {
  return call(api.POST('/api/applications/{id}/link', { params: { path: { id } } }));
}

/** GET /api/applications (logged in): the caller's applications. */
export async function fetchMyApplications(): Promise<MyApplication[]> {
  return (await call(api.GET('/api/applications'))).data;
}

/** A step the time log names (contract `CreateTimeLogDto.step`: the application steps' and the details form's keys). */
export type TimeLogStep = RequestBody<'logTime'>['step'];

/**
 * POST /api/timelog {duration (seconds, 4 decimals), step} with the application token and the page's
 * `Accept-Language` (so any answer is in the applicant's language, issue 11). Sent with
 * `fetch(keepalive)` so that it also leaves while the page unloads. Never rejects and never alerts (best effort).
 */
export async function postTimeLog(token: string, duration: number, step: TimeLogStep): Promise<void> {
  try {
    // not through `call`: a refused time log raises no alert (it may be sent while the page unloads)
    await api.POST('/api/timelog', {
      body: { duration: Number(duration.toFixed(4)), step },
      headers: applicationTokenHeader(token),
      keepalive: true,
    });
  } catch {
    /* the time log is best effort */
  }
}
